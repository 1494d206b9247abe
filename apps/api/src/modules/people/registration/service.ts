import { createHash } from 'node:crypto';
import { mayManage, type RegistrationResponse } from '@eticket/contracts';
import type { SessionUser } from '../../../platform/http/auth.ts';
import type { Clock } from '../../../lib/clock.ts';
import { newUserCode } from '../../../domain/codes.ts';
import { HttpError, forbidden } from '../../../platform/http/errors.ts';
import { cleanImage, type CleanImage, type FileStore } from '../../../adapters/files.ts';
import { hashPassword, refuseOwnWordsPassword } from '../../../platform/credentials/passwords.ts';
import { answerOnce, KeyTaken, type IdempotentResult } from '../../../platform/idempotency/index.ts';
import { personOf, registrationSnapshot, roleOf, type ImageKeys, type Registration } from './person.ts';
import type { PeopleRepository } from '../repository.ts';
import type { Throttle } from '../../auth/index.ts';

/** The operation a registration's Idempotency-Key is kept under. */
const REGISTRATION = 'registration';

/**
 * Forms with images one account may send per window (UPLOADS_PER_ACCOUNT; issue 46: uploads are
 * decoded, the costliest thing a caller can ask for). A registrar takes minutes per motorist; a
 * phone sending its queue after a day offline gets 429, keeps the rest and sends them later.
 */
export const DEFAULT_UPLOADS_PER_ACCOUNT = 30;
const UPLOAD_WINDOW_MS = 10 * 60_000;

function tooManyUploads(limit: number, until: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const message = `Too many uploads from this account: at most ${limit} forms with images every ${UPLOAD_WINDOW_MS / 60_000} minutes; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new HttpError(429, message, { 'retry-after': String(seconds) });
}

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

/**
 * What makes two sends of a registration the same one, for its Idempotency-Key: every field but the
 * password (the hash is stored), and each image by its own hash.
 */
function registrationFingerprint(registration: Registration, uploads: Map<string, Buffer>): unknown {
  const { password: _password, ...fields } = registration.input as Registration['input'] & { password?: string };
  const images = Object.fromEntries([...uploads].map(([field, bytes]) => [field, createHash('sha256').update(bytes).digest('hex')]));
  return { kind: registration.kind, fields, images };
}

/** `levyName` (LEVY_NAME): a new person's password may not be made of it, nor of their own name and email. */
export function createRegistrationService(deps: {
  repository: PeopleRepository;
  files: FileStore;
  clock: Clock;
  levyName: string;
  throttle: Throttle;
  /** Forms with images per account per UPLOAD_WINDOW_MS; unset: DEFAULT_UPLOADS_PER_ACCOUNT. */
  uploadsPerAccount?: number;
}) {
  const { repository, files, clock } = deps;
  const uploadLimit = deps.uploadsPerAccount ?? DEFAULT_UPLOADS_PER_ACCOUNT;

  /** Takes the account's slot for a form with images (uploadLimit per UPLOAD_WINDOW_MS), before any image is decoded. */
  async function takeUploadSlot(actor: SessionUser, uploads: Map<string, Buffer>): Promise<void> {
    if (uploads.size === 0) return;
    const now = clock.now();
    const blocked = await deps.throttle.take([{ key: `uploads:acct:${actor.id}`, limit: uploadLimit, windowMs: UPLOAD_WINDOW_MS }], now);
    if (blocked) throw tooManyUploads(uploadLimit, blocked, now);
  }

  /**
   * Checks who may register whom and every image, stores the images, then writes the record, its
   * audit row and (with a key) the answer under the key in one transaction. When the write fails
   * (e.g. a duplicate email: 409, or the key taken by a concurrent send) the stored images are
   * deleted again.
   */
  async function registerOnce(actor: SessionUser, registration: Registration, uploads: Map<string, Buffer>, key?: { value: string; requestHash: string }) {
    const role = roleOf(registration);
    if (!mayManage(actor, role)) throw forbidden();
    const { password, fullName, email } = registration.input;
    refuseOwnWordsPassword('password', password, fullName, email, deps.levyName);
    await takeUploadSlot(actor, uploads);
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
      return await repository.transaction(async (repo, audit, answers) => {
        const created = await repo.insertPerson(person);
        const after = registrationSnapshot(person);
        await audit({ actorId: actor.id, action: 'person.registered', entityType: 'person', entityId: created.id, before: null, after, at: stamp.at });
        const data: RegistrationResponse['data'] = {
          _id: created.id,
          id: created.id,
          userCode: stamp.userCode,
          fullName: registration.input.fullName,
          role,
          registrationStatus: 'pending',
        };
        if (key) {
          const answer = {
            agentId: actor.id,
            key: key.value,
            operation: REGISTRATION,
            requestHash: key.requestHash,
            statusCode: 201,
            response: data,
            at: stamp.at,
          };
          if (!(await answers.save(answer))) throw new KeyTaken();
        }
        return data;
      });
    } catch (error) {
      await removeAll(files, keys);
      throw error;
    }
  }

  return {
    /**
     * Registers a person as pending, added by the caller. With an Idempotency-Key (a phone sending
     * its queue again), a repeat answers the first registration and records nothing new.
     */
    async register(
      actor: SessionUser,
      registration: Registration,
      uploads: Map<string, Buffer>,
      idempotencyKey?: string,
    ): Promise<IdempotentResult<RegistrationResponse['data']>> {
      if (idempotencyKey === undefined) return { statusCode: 201, body: await registerOnce(actor, registration, uploads), replayed: false };
      return answerOnce({
        operation: REGISTRATION,
        request: registrationFingerprint(registration, uploads),
        find: () => repository.findAnswer(actor.id, idempotencyKey),
        attempt: async (requestHash) => ({ statusCode: 201, body: await registerOnce(actor, registration, uploads, { value: idempotencyKey, requestHash }) }),
      });
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
