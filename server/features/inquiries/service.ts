import type { Selectable } from 'kysely';
import type { DB, Executor } from '@core/db/index';
import type { InquiryTable } from '@core/db/schema';
import { notFound } from '@core/http/errors';
import { nowIso } from '@core/time/time';
import { writeLog, type Actor } from '@core/audit-log';
import { INQUIRY_MESSAGES, type Inquiry, type InquiryInput } from '@domain/inquiries';

/** Row → Inquiry (`_id` and `id`). */
function toInquiry(row: Selectable<InquiryTable>): Inquiry {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    subject: row.subject,
    inquiry: row.inquiry,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** GET /api/inquiries: the full list, newest first (the console filters and pages it locally). */
export async function listInquiries(db: Executor): Promise<Inquiry[]> {
  const rows = await db.selectFrom('inquiries').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toInquiry);
}

export async function getInquiry(db: Executor, id: number): Promise<Inquiry> {
  const row = await db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
  return toInquiry(row);
}

/** A public visitor's message; stored as typed (markup is text, escaped where it is shown). */
export async function createInquiry(db: DB, input: InquiryInput, actor: Actor): Promise<Inquiry> {
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('inquiries')
      .values({ email: input.email, subject: input.subject, inquiry: input.inquiry, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLog(trx, actor, {
      action: 'CREATE_INQUIRY',
      entity: 'Inquiry',
      entityId: row.id,
      details: { email: input.email, subject: input.subject },
    });
    return row.id;
  });
  return getInquiry(db, id);
}

export async function deleteInquiry(db: DB, id: number, actor: Actor): Promise<void> {
  const before = await getInquiry(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('inquiries').where('id', '=', id).execute();
    await writeLog(trx, actor, {
      action: 'DELETE_INQUIRY',
      entity: 'Inquiry',
      entityId: id,
      details: { email: before.email, subject: before.subject },
    });
  });
}
