import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@core/config';
import { generatedPassword } from '@core/config';
import type { DB } from '@core/db/index';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { writeLog } from '@core/audit-log';

/** First start: create the first super admin when none exists (ARCHITECTURE.md "One command runs it"). */
export async function ensureSuperAdmin(db: DB, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  const existing = await db.selectFrom('superAdmins').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const password = config.superAdminPassword ?? generatedPassword();
  const now = nowIso();
  // Several server processes may start on a new database at once: the first to insert is the one that creates it.
  const created = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('superAdmins')
      .values({
        email: config.superAdminEmail.toLowerCase(),
        passwordHash: await hashPassword(password, config.scryptCost),
        firstName: 'Super',
        lastName: 'Admin',
        accessLevel: 3,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await writeLog(
      trx,
      { role: 'SYSTEM', userId: null, name: 'System' },
      {
        action: 'CREATE_SUPER_ADMIN',
        entity: 'SuperAdmin',
        entityId: row.id,
        details: { email: config.superAdminEmail.toLowerCase(), reason: 'first start' },
      },
    );
    return true;
  });
  if (!created) return;
  if (!config.superAdminPassword) {
    // Printed once, to the console only (not the structured log), so it is not kept in log files.
    process.stdout.write(
      `\n  First super admin created: ${config.superAdminEmail}\n  Generated password (shown once): ${password}\n\n`,
    );
  } else {
    log.info({ email: config.superAdminEmail }, 'first super admin created from SUPER_ADMIN_EMAIL/SUPER_ADMIN_PASSWORD');
  }
}
