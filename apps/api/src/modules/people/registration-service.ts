import { mayManage, type RegistrationResponse } from '@eticket/contracts';
import type { SessionUser } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { newUserCode } from '../../domain/codes.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { cleanImage, type CleanImage, type FileStore } from '../../adapters/files.ts';
import { hashPassword } from '../../platform/credentials/passwords.ts';
import { personOf, registrationSnapshot, roleOf, type ImageKeys, type Registration } from './registration.ts';
import type { PeopleRepository } from './repository.ts';

interface CheckedImage extends CleanImage {
  field: string;
}

/** Every upload judged by its bytes and re-encoded before anything is stored; the first bad one is a 400 naming its field. */
async function checkImages(uploads: Map<string, Buffer>): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const [field, bytes] of uploads) checked.push({ field, ...(await cleanImage(field, bytes)) });
  return checked;
}

async function removeAll(files: FileStore, keys: ImageKeys): Promise<void> {
  await Promise.all(Object.values(keys).map((key) => files.remove(key)));
}

async function saveImages(files: FileStore, images: CheckedImage[]): Promise<ImageKeys> {
  const keys: Record<string, string> = {};
  try {
    for (const image of images) keys[image.field] = await files.save(image.bytes, image.type);
  } catch (error) {
    await removeAll(files, keys);
    throw error;
  }
  return keys;
}

export function createRegistrationService(deps: { repository: PeopleRepository; files: FileStore; clock: Clock }) {
  const { repository, files, clock } = deps;
  return {
    /**
     * Registers a person as pending, added by the caller: checks who may register whom and every
     * image, stores the images, then writes the record and its audit row in one transaction. When the write fails
     * (e.g. a duplicate email: 409) the stored images are deleted again.
     */
    async register(actor: SessionUser, registration: Registration, uploads: Map<string, Buffer>): Promise<RegistrationResponse['data']> {
      const role = roleOf(registration);
      if (!mayManage(actor, role)) throw forbidden();
      const images = await checkImages(uploads);
      const stamp = {
        userCode: newUserCode(),
        passwordHash: await hashPassword(registration.input.password),
        addedBy: actor.id,
        at: clock.now(),
      };
      const keys = await saveImages(files, images);
      try {
        const person = personOf(registration, keys, stamp);
        const id = await repository.transaction(async (repo, audit) => {
          const created = await repo.insertPerson(person);
          const after = registrationSnapshot(person);
          await audit({ actorId: actor.id, action: 'person.registered', entityType: 'person', entityId: created.id, before: null, after, at: stamp.at });
          return created.id;
        });
        return { _id: id, id, userCode: stamp.userCode, fullName: registration.input.fullName, role, registrationStatus: 'pending' };
      } catch (error) {
        await removeAll(files, keys);
        throw error;
      }
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
