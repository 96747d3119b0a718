import type { DB, Executor } from '@core/db/index';
import type { AdminRow } from '@core/db/schema';
import { badRequest, conflict, notFound } from '@core/http/errors';
import { hashPassword } from '@core/auth/passwords';
import { assertStrongPassword } from '@core/auth/password-strength';
import { nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { revokeUserSessions } from '@core/auth/sessions';
import { parsePermissionMap } from '@core/auth/admin-scope';
import { storeFile, type FileBatch } from '@core/uploads/upload-pipeline';
import { SCHOOL_NOT_FOUND } from '../schools';
import { assertKnownPermissions, permissionNames } from './permissions';
import { fileUrl } from '@domain/files';
import { rolePermissions, type Admin, type CreateAdminInput, type UpdateAdminInput } from '@domain/admins';

export const ADMIN_NOT_FOUND = 'Admin not found';
export const EMAIL_IN_USE = 'Email already in use';
export const EMAIL_READ_ONLY = 'Email cannot be changed';

/** What the services need besides the database. */
export interface AdminContext {
  db: DB;
  /** the request's files (the upload pipeline): `profilePicture` */
  files: FileBatch;
  actor: Actor;
  scryptCost: number;
}

/** The admin fields a super admin edits (the log diffs exactly these). */
const EDITABLE = ['firstName', 'lastName', 'phoneNumber', 'employeeId', 'department', 'position', 'schoolId'] as const;
type Editable = Pick<AdminRow, (typeof EDITABLE)[number]>;

function adminsWithSchool(db: Executor) {
  return db
    .selectFrom('admins')
    .leftJoin('schools', 'schools.id', 'admins.schoolId')
    .select([
      'admins.id',
      'admins.email',
      'admins.firstName',
      'admins.lastName',
      'admins.phoneNumber',
      'admins.employeeId',
      'admins.department',
      'admins.position',
      'admins.permissions',
      'admins.profilePictureUrl',
      'admins.schoolId',
      'admins.isActive',
      'admins.createdAt',
      'admins.updatedAt',
      'schools.name as schoolName',
      'schools.acronym as schoolAcronym',
    ]);
}
type AdminSelect = Awaited<ReturnType<ReturnType<typeof adminsWithSchool>['executeTakeFirstOrThrow']>>;

const storedPermissions = parsePermissionMap;

/** Every catalogue permission → on/off (names no longer in the catalogue are left out). */
const permissionMap = (text: string | null | undefined, names: string[]) => {
  const stored = storedPermissions(text);
  return Object.fromEntries(names.map((n) => [n, stored[n] === true]));
};

function toAdmin(row: AdminSelect, names: string[]): Admin {
  const { schoolName, schoolAcronym, permissions, isActive, profilePictureUrl, ...rest } = row;
  return {
    ...rest,
    permissions: permissionMap(permissions, names),
    profilePictureUrl: fileUrl(profilePictureUrl),
    school: schoolName != null && schoolAcronym != null ? { name: schoolName, acronym: schoolAcronym } : null,
    isActive: Boolean(isActive),
  };
}

/** Active admins (with includeInactive, deactivated ones too, flagged isActive:false), newest first. */
export async function listAdmins(db: Executor, includeInactive = false): Promise<Admin[]> {
  let query = adminsWithSchool(db).orderBy('admins.createdAt', 'desc').orderBy('admins.id', 'desc');
  if (!includeInactive) query = query.where('admins.isActive', '=', 1);
  const [rows, names] = await Promise.all([query.execute(), permissionNames(db)]);
  return rows.map((r) => toAdmin(r, names));
}

/** One admin, active or deactivated (the record is kept); 404 when unknown. */
export async function getAdmin(db: Executor, id: number): Promise<Admin> {
  const row = await adminsWithSchool(db).where('admins.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return toAdmin(row, await permissionNames(db));
}

async function requireAdminRow(db: Executor, id: number): Promise<AdminRow> {
  const row = await db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_NOT_FOUND);
  return row;
}

async function assertSchoolExists(db: Executor, schoolId: number | null | undefined) {
  if (schoolId == null) return;
  if (!(await db.selectFrom('schools').select('id').where('id', '=', schoolId).executeTakeFirst())) {
    throw badRequest(SCHOOL_NOT_FOUND, { schoolId: SCHOOL_NOT_FOUND });
  }
}

/** POST /register-admin: checks everything, then stores the picture, the admin and the log entry. */
export async function createAdmin(ctx: AdminContext, input: CreateAdminInput): Promise<Admin> {
  const { db, files, actor } = ctx;
  if (await db.selectFrom('admins').select('id').where('email', '=', input.email).executeTakeFirst()) {
    throw conflict(EMAIL_IN_USE, { email: EMAIL_IN_USE });
  }
  await assertSchoolExists(db, input.schoolId);
  const names = await permissionNames(db);
  if (input.permissions) assertKnownPermissions(Object.keys(input.permissions), names);
  // A role's set first, the permissions given over it.
  const granted = { ...(input.role ? rolePermissions(input.role, names) : {}), ...input.permissions };
  assertStrongPassword('password', input.password, input.email, [input.firstName, input.lastName, input.employeeId]);
  const passwordHash = await hashPassword(input.password, ctx.scryptCost);
  const url = await storeFile(files, 'profilePicture');

  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const values = {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      employeeId: input.employeeId,
      phoneNumber: input.phoneNumber ?? null,
      department: input.department ?? null,
      position: input.position ?? null,
      schoolId: input.schoolId ?? null,
      permissions: JSON.stringify(permissionMap(JSON.stringify(granted), names)),
      profilePictureUrl: url ?? null,
    };
    const row = await trx
      .insertInto('admins')
      .values({ ...values, passwordHash, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLog(trx, actor, {
      action: 'CREATE_ADMIN',
      entity: 'Admin',
      entityId: row.id,
      schoolId: values.schoolId,
      details: { changes: diff({}, values), ...(input.role ? { role: input.role } : {}) },
    });
    return row.id;
  });
  return getAdmin(db, id);
}

/**
 * PATCH /admins/{id}: only the fields sent change. A new password replaces the old one and revokes
 * every session of that admin; isActive:false does the same. The email is read-only.
 */
export async function updateAdmin(ctx: AdminContext, id: number, input: UpdateAdminInput): Promise<Admin> {
  const { db, files, actor } = ctx;
  const before = await requireAdminRow(db, id);
  if (input.email !== undefined && input.email !== before.email.toLowerCase()) {
    throw badRequest(EMAIL_READ_ONLY, { email: EMAIL_READ_ONLY });
  }
  if (input.schoolId !== before.schoolId) await assertSchoolExists(db, input.schoolId);
  if (input.newPassword) {
    assertStrongPassword('newPassword', input.newPassword, before.email, [before.firstName, before.lastName, before.employeeId]);
  }
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword, ctx.scryptCost) : undefined;

  const fields: Partial<Editable> = {};
  for (const key of EDITABLE) if (input[key] !== undefined) Object.assign(fields, { [key]: input[key] });
  const isActive = input.isActive === undefined ? undefined : input.isActive ? 1 : 0;

  const url = await storeFile(files, 'profilePicture', before.profilePictureUrl);
  await db.transaction().execute(async (trx) => {
    const after = { ...fields, isActive, profilePictureUrl: url };
    const changes: Record<string, unknown> = diff(before, after);
    if (passwordHash) changes.password = 'changed';
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable('admins')
      .set({ ...after, passwordHash, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    const signOut = passwordHash !== undefined || isActive === 0;
    const sessionsRevoked = signOut ? await revokeUserSessions(trx, 'ADMIN', id) : 0;
    await writeLog(trx, actor, {
      action: 'UPDATE_ADMIN',
      entity: 'Admin',
      entityId: id,
      schoolId: fields.schoolId ?? before.schoolId,
      details: { changes, sessionsRevoked },
    });
  });
  return getAdmin(db, id);
}

/**
 * DELETE /admins/{id}: the admin is deactivated (the record is kept for the logs and can be
 * reactivated with PATCH isActive) and signed out everywhere. Deactivating twice changes nothing.
 */
export async function deactivateAdmin(ctx: Pick<AdminContext, 'db' | 'actor'>, id: number): Promise<Admin> {
  const { db, actor } = ctx;
  const before = await requireAdminRow(db, id);
  if (before.isActive) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('admins').set({ isActive: 0, updatedAt: nowIso() }).where('id', '=', id).execute();
      const sessionsRevoked = await revokeUserSessions(trx, 'ADMIN', id);
      await writeLog(trx, actor, {
        action: 'DELETE_ADMIN',
        entity: 'Admin',
        entityId: id,
        schoolId: before.schoolId,
        details: { changes: { isActive: { from: true, to: false } }, sessionsRevoked, email: before.email },
      });
    });
  }
  return getAdmin(db, id);
}

/** PATCH /admins/{id}/permissions: merges the given map into the admin's; unknown names → 400. */
export async function setAdminPermissions(
  ctx: Pick<AdminContext, 'db' | 'actor'>,
  id: number,
  permissions: Record<string, boolean>,
): Promise<Admin> {
  const { db, actor } = ctx;
  const before = await requireAdminRow(db, id);
  const names = await permissionNames(db);
  assertKnownPermissions(Object.keys(permissions), names);
  const old = permissionMap(before.permissions, names);
  const next = { ...old, ...permissions };
  const changes = diff(old, next);
  if (Object.keys(changes).length) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('admins')
        .set({ permissions: JSON.stringify(next), updatedAt: nowIso() })
        .where('id', '=', id)
        .execute();
      await writeLog(trx, actor, {
        action: 'UPDATE_ADMIN_PERMISSIONS',
        entity: 'Admin',
        entityId: id,
        schoolId: before.schoolId,
        details: { changes },
      });
    });
  }
  return getAdmin(db, id);
}
