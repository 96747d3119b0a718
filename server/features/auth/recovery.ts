import { randomInt } from 'node:crypto';
import type { AppConfig } from '@core/config';
import type { DB, Executor } from '@core/db/index';
import { hashPassword, hashToken, newToken } from '@core/auth/passwords';
import { assertStrongPassword } from '@core/auth/password-strength';
import { revokeUserSessions } from '@core/auth/sessions';
import { writeLog, type Actor } from '@core/audit-log';
import { badRequest, notFound } from '@core/http/errors';
import type { Clock } from '@core/time/clock';
import {
  canonicalResetToken,
  RESET_LINK_MINUTES,
  RESET_MESSAGES,
  RESET_PAGE_PATH,
  RESET_SLIP_MINUTES,
  type ResetSlip,
} from '@domain/auth/password-reset';
import type { ResetMailer } from './recovery-mail';

/** The accounts a reset applies to: their table and their log entity. */
const ACCOUNTS = {
  SUPER_ADMIN: { table: 'superAdmins', entity: 'SuperAdmin' },
  ADMIN: { table: 'admins', entity: 'Admin' },
  STUDENT: { table: 'students', entity: 'Student' },
} as const;
type ResetRole = keyof typeof ACCOUNTS;

/** At most this many reset e-mails per address per hour, whoever asks (the answer stays the same). */
const MAILS_PER_EMAIL_PER_HOUR = 3;
const HOUR_MS = 3600_000;

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const SLIP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const slipCode = () =>
  [0, 1, 2].map(() => Array.from({ length: 4 }, () => SLIP_ALPHABET[randomInt(SLIP_ALPHABET.length)]).join('')).join('-');

export class RecoveryService {
  /** E-mails sent per address in the current hour (this process; the route's per-address limit is the other bound). */
  private sentTo = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly db: DB,
    private readonly config: AppConfig,
    private readonly mailer: ResetMailer | null,
    /** The server's clock: when a link or slip expires, and whether it has */
    private readonly clock: Clock,
  ) {}

  private nowIso() {
    return this.clock.now().toISOString();
  }

  get byEmail(): boolean {
    return this.mailer !== null;
  }

  /**
   * A reset link for an active super admin or school admin with this e-mail, when e-mail is configured. The caller
   * answers the same whatever happens here; the e-mail leaves after the reply (`sendLater`), so the answer's
   * timing does not tell whether the account exists.
   */
  async requestByEmail(email: string, actor: Actor): Promise<void> {
    if (!this.mailer || !this.config.siteUrl) return;
    const [superAdmin, admin] = await Promise.all([
      this.db.selectFrom('superAdmins').select(['id', 'firstName', 'isActive']).where('email', '=', email).executeTakeFirst(),
      this.db
        .selectFrom('admins')
        .select(['id', 'firstName', 'isActive', 'schoolId'])
        .where('email', '=', email)
        .executeTakeFirst(),
    ]);
    const found = superAdmin?.isActive
      ? { role: 'SUPER_ADMIN' as const, ...superAdmin, schoolId: null }
      : admin?.isActive
        ? { role: 'ADMIN' as const, ...admin }
        : null;
    if (!found || !this.countMail(email)) return;
    const token = newToken();
    await this.db.transaction().execute(async (trx) => {
      await this.insertReset(trx, found.role, found.id, 'EMAIL', token, RESET_LINK_MINUTES);
      await writeLog(
        trx,
        { ...actor, role: 'PUBLIC', userId: null, email, schoolId: found.schoolId },
        { action: 'PASSWORD_RESET_REQUESTED', entity: ACCOUNTS[found.role].entity, entityId: found.id, details: { by: 'EMAIL' } },
      );
    });
    const link = `${this.config.siteUrl}${RESET_PAGE_PATH}#token=${token}`;
    this.mailer.sendLater(email, found.firstName, link);
  }

  private countMail(email: string): boolean {
    const now = Date.now();
    const entry = this.sentTo.get(email);
    if (!entry || now - entry.since >= HOUR_MS) {
      this.sentTo.set(email, { count: 1, since: now });
      return true;
    }
    entry.count += 1;
    return entry.count <= MAILS_PER_EMAIL_PER_HOUR;
  }

  private async insertReset(
    trx: Executor,
    role: ResetRole,
    userId: number,
    kind: 'EMAIL' | 'SLIP',
    token: string,
    minutes: number,
  ) {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + minutes * 60_000).toISOString();
    await trx
      .insertInto('passwordResets')
      .values({ role, userId, kind, tokenHash: hashToken(canonicalResetToken(token)), createdAt: now.toISOString(), expiresAt })
      .execute();
    return expiresAt;
  }

  /** A one-time slip for a learner (the super admin, or a school admin of the learner's school with MANAGE_STUDENTS). */
  async studentSlip(studentId: number, owns: (schoolId: number | null) => void, actor: Actor): Promise<ResetSlip> {
    const student = await this.db
      .selectFrom('students')
      .select(['id', 'firstName', 'lastName', 'lrn', 'schoolId', 'isArchived'])
      .where('id', '=', studentId)
      .executeTakeFirst();
    if (!student) throw notFound('Student not found');
    owns(student.schoolId);
    if (student.isArchived) throw badRequest('Restore this student before issuing a reset slip');
    return this.issueSlip(
      'STUDENT',
      student.id,
      `${student.firstName} ${student.lastName}`,
      student.lrn,
      actor,
      student.schoolId,
    );
  }

  /** A one-time slip for a school admin (the super admin only). */
  async adminSlip(adminId: number, actor: Actor): Promise<ResetSlip> {
    const admin = await this.db
      .selectFrom('admins')
      .select(['id', 'firstName', 'lastName', 'email', 'schoolId'])
      .where('id', '=', adminId)
      .executeTakeFirst();
    if (!admin) throw notFound('Admin not found');
    return this.issueSlip('ADMIN', admin.id, `${admin.firstName} ${admin.lastName}`, admin.email, actor, admin.schoolId);
  }

  private async issueSlip(
    role: ResetRole,
    userId: number,
    accountName: string,
    signInAs: string,
    actor: Actor,
    schoolId: number | null,
  ): Promise<ResetSlip> {
    const code = slipCode();
    const expiresAt = await this.db.transaction().execute(async (trx) => {
      // A new slip replaces the account's earlier unused ones: only the newest printed slip works.
      await trx
        .updateTable('passwordResets')
        .set({ usedAt: this.nowIso() })
        .where('role', '=', role)
        .where('userId', '=', userId)
        .where('kind', '=', 'SLIP')
        .where('usedAt', 'is', null)
        .execute();
      const expiresAt = await this.insertReset(trx, role, userId, 'SLIP', code, RESET_SLIP_MINUTES);
      await writeLog(
        trx,
        { ...actor, schoolId: actor.schoolId ?? schoolId },
        {
          action: 'ISSUE_RESET_SLIP',
          entity: ACCOUNTS[role].entity,
          entityId: userId,
          details: { expiresAt },
        },
      );
      return expiresAt;
    });
    return { code, expiresAt, accountName, signInAs };
  }

  /** Sets a new password with a link's token or a slip's code (once, before it expires) and ends every session. */
  async reset(token: string, newPassword: string, actor: Actor): Promise<void> {
    const tokenHash = hashToken(canonicalResetToken(token));
    const found = await this.db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
    if (!found) throw badRequest(RESET_MESSAGES.unknown, { token: RESET_MESSAGES.unknown });
    if (found.usedAt) throw badRequest(RESET_MESSAGES.used, { token: RESET_MESSAGES.used });
    if (found.expiresAt <= this.nowIso()) throw badRequest(RESET_MESSAGES.expired, { token: RESET_MESSAGES.expired });
    const role = found.role as ResetRole;
    const { table, entity } = ACCOUNTS[role];
    const account = await this.db
      .selectFrom(table)
      .select(['id', 'email', 'firstName', 'lastName'])
      .where('id', '=', found.userId)
      .executeTakeFirst();
    if (!account) throw badRequest(RESET_MESSAGES.unknown, { token: RESET_MESSAGES.unknown });
    assertStrongPassword('newPassword', newPassword, account.email, [account.firstName, account.lastName]);
    const passwordHash = await hashPassword(newPassword, this.config.scryptCost);
    const schoolId = role === 'SUPER_ADMIN' ? null : await this.schoolOf(role, account.id);
    await this.db.transaction().execute(async (trx) => {
      // Claimed in the same statement that checks it: of two uses at once, one wins and the other is refused.
      const claimed = await trx
        .updateTable('passwordResets')
        .set({ usedAt: this.nowIso() })
        .where('id', '=', found.id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw badRequest(RESET_MESSAGES.used, { token: RESET_MESSAGES.used });
      await trx.updateTable(table).set({ passwordHash, updatedAt: this.nowIso() }).where('id', '=', account.id).execute();
      // The learner chose this password: a generated one's must-change mark is done with.
      if (role === 'STUDENT')
        await trx.updateTable('students').set({ mustChangePassword: 0 }).where('id', '=', account.id).execute();
      const revoked = await revokeUserSessions(trx, role, account.id);
      await writeLog(
        trx,
        { ...actor, role: 'PUBLIC', userId: null, email: account.email ?? undefined, schoolId },
        { action: 'PASSWORD_RESET', entity, entityId: account.id, details: { by: found.kind, sessionsRevoked: revoked } },
      );
    });
  }

  private async schoolOf(role: 'ADMIN' | 'STUDENT', id: number): Promise<number | null> {
    const table = role === 'ADMIN' ? 'admins' : 'students';
    const row = await this.db.selectFrom(table).select('schoolId').where('id', '=', id).executeTakeFirst();
    return row?.schoolId ?? null;
  }
}
