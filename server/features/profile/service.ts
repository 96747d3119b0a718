import type { DB } from '@core/db/index';
import { storeFile, type FileBatch } from '@core/uploads/upload-pipeline';
import { conflict, notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { PROFILE_PICTURE_MAX_BYTES, type ProfileInput } from '@domain/auth';

export const PICTURE_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;

const PROFILE_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'profilePictureUrl',
  'isActive',
  'accessLevel',
  'createdAt',
  'updatedAt',
] as const;

export async function getSuperAdminProfile(db: DB, id: number) {
  const row = await db.selectFrom('superAdmins').select(PROFILE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Profile not found');
  return { ...row, isActive: Boolean(row.isActive) };
}

/** Updates the fields given (profile fields are sent only when non-empty) and the picture. */
export async function updateSuperAdminProfile(db: DB, files: FileBatch, id: number, input: Partial<ProfileInput>, actor: Actor) {
  const before = await getSuperAdminProfile(db, id);
  if (input.email && input.email !== before.email) {
    const taken = await db
      .selectFrom('superAdmins')
      .select('id')
      .where('email', '=', input.email)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw conflict('Email already in use', { email: 'Email already in use' });
  }

  const changes = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    profilePictureUrl: await storeFile(files, 'profilePicture', before.profilePictureUrl),
  };
  const changed = diff(before, changes);
  // Nothing differs: nothing is written, and the log gets no entry with an empty diff.
  if (Object.keys(changed).length === 0) return before;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('superAdmins')
      .set({ ...changes, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    await writeLog(trx, actor, {
      action: 'UPDATE_PROFILE',
      entity: 'SuperAdmin',
      entityId: id,
      details: { changes: changed },
    });
  });
  return getSuperAdminProfile(db, id);
}
