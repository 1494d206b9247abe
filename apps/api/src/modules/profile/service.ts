import { can, mayManage, type Profile, type ProfileUpdateRequest } from '@eticket/contracts';
import type { Locale } from '@eticket/i18n';
import type { SessionUser } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { ProfileRepository } from './repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<ProfileRepository['find']>>>;

/** Turns a stored file key into a URL the browser can open; files are the people capability's. */
export type FileUrl = (key: string) => string;

function documentsOf(row: ProfileRow, fileUrl: FileUrl): Profile['documents'] {
  const files: Array<[string, string | null]> = [
    ['Portrait', row.portraitFile],
    [`ID front (${row.idType ?? 'id'})`, row.idFrontFile],
    [`ID back (${row.idType ?? 'id'})`, row.idBackFile],
  ];
  return files.filter((file): file is [string, string] => file[1] !== null).map(([name, key]) => ({ name, url: fileUrl(key) }));
}

function toProfile(row: ProfileRow, fileUrl: FileUrl): Profile {
  return {
    _id: row.id,
    id: row.id,
    userCode: row.userCode,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    department: row.department,
    agentRole: row.agentRole,
    unionRole: row.unionRole,
    unionName: row.unionName,
    maritalStatus: row.maritalStatus,
    address: row.address,
    registrationStatus: row.registrationStatus,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    portraitSelfie: row.portraitFile ? fileUrl(row.portraitFile) : null,
    documents: documentsOf(row, fileUrl),
    language: row.language,
  };
}

export function createProfileService(deps: { repository: ProfileRepository; clock: Clock; fileUrl: FileUrl }) {
  const { repository, clock, fileUrl } = deps;
  return {
    async own(actor: SessionUser): Promise<Profile> {
      const row = await repository.find(actor.id);
      if (!row) throw notFound('Profile not found');
      return toProfile(row, fileUrl);
    },

    /** The caller's own field app language: the body is checked by its schema (one of the five locales, else 400). */
    async setLanguage(actor: SessionUser, language: Locale): Promise<{ language: Locale }> {
      await repository.setLanguage(actor.id, language);
      return { language };
    },

    /** super-admin and admin edit their own profile and those of the people they manage; audited with the change. */
    async update(actor: SessionUser, id: string, changes: ProfileUpdateRequest): Promise<Profile> {
      if (!can(actor, 'profile', 'write')) throw forbidden();
      await repository.transaction(async (repo, audit) => {
        const target = await repo.find(id, { lock: true });
        if (!target || target.isDeleted) throw notFound('User not found');
        if (id !== actor.id && !mayManage(actor, target.role)) throw forbidden();
        const at = clock.now();
        await repo.update(id, changes, at);
        const before = { fullName: target.fullName, phone: target.phone, maritalStatus: target.maritalStatus, address: target.address };
        const after = { fullName: changes.fullName, phone: changes.phone, maritalStatus: changes.maritalStatus, address: changes.address };
        await audit({ actorId: actor.id, action: 'profile.updated', entityType: 'person', entityId: id, before, after, at });
      });
      return toProfile((await repository.find(id))!, fileUrl);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
