import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { DB } from '../db/index';
import { notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import type { MessengerOptIn } from '../../src/domain/facebook-pages';
import { writeLog, type Actor } from './audit-log';

export const NO_PAGE = "This student's school has no active Facebook page. Add one in Device Management → Facebook Pages.";

/**
 * The parent opt-in of a student: https://m.me/{page}?ref={token}. Opening it and sending the first message
 * gives the page the parent's PSID with the ref (webhook), which binds them to this student. The token is made
 * once (logged) and kept, so a printed QR code stays valid.
 */
export async function messengerOptIn(db: DB, studentId: number, actor: Actor): Promise<MessengerOptIn> {
  const student = await db
    .selectFrom('students')
    .select(['id', 'schoolId', 'messengerRefToken', 'parentMessengerPsid', 'isArchived'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  if (!student || student.isArchived) throw notFound('Student not found');
  const page = student.schoolId
    ? await db
        .selectFrom('facebookPages')
        .select(['pageId', 'pageName'])
        .where('schoolId', '=', student.schoolId)
        .where('isActive', '=', 1)
        .orderBy('id')
        .executeTakeFirst()
    : undefined;
  if (!page) throw notFound(NO_PAGE);
  let token = student.messengerRefToken;
  if (!token) {
    token = `s${student.id}-${randomBytes(9).toString('base64url')}`;
    const created = token;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('students')
        .set({ messengerRefToken: created, updatedAt: nowIso() })
        .where('id', '=', student.id)
        .execute();
      await writeLog(trx, actor, { action: 'CREATE_MESSENGER_OPT_IN', entity: 'Student', entityId: student.id });
    });
  }
  const link = `https://m.me/${encodeURIComponent(page.pageId)}?ref=${encodeURIComponent(token)}`;
  const qrSvg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { link, pageName: page.pageName, qrSvg, connected: Boolean(student.parentMessengerPsid) };
}
