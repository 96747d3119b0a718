import { sql, type Kysely } from 'kysely';

/*
 * A Messenger opt-in link binds one of two slots of a student: the guardian's (the links the school makes and
 * prints: students.parent_messenger_*) or the learner's own (the links a learner makes in the portal:
 * students.learner_messenger_*). A learner's link can never fill or replace the guardian's slot, and making
 * one leaves the school's live link alone: at most one live link per student AND slot.
 * Existing links were all made for the guardian. Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messenger_opt_in_links')
    .addColumn('slot', 'text', (c) => c.notNull().defaultTo('GUARDIAN'))
    .execute();
  await db.schema.dropIndex('messenger_opt_in_live_uq').execute();
  await sql`create unique index messenger_opt_in_live_uq on messenger_opt_in_links (student_id, slot)
    where used_at is null and revoked_at is null`.execute(db);
  await db.schema.alterTable('students').addColumn('learner_messenger_psid', 'text').execute();
  await db.schema.alterTable('students').addColumn('learner_messenger_bound_at', 'text').execute();
  await db.schema.alterTable('students').addColumn('learner_messenger_page_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['learner_messenger_page_id', 'learner_messenger_bound_at', 'learner_messenger_psid'])
    await db.schema.alterTable('students').dropColumn(column).execute();
  await db.schema.dropIndex('messenger_opt_in_live_uq').execute();
  await db.deleteFrom('messenger_opt_in_links').where('slot', '<>', 'GUARDIAN').execute();
  await sql`create unique index messenger_opt_in_live_uq on messenger_opt_in_links (student_id)
    where used_at is null and revoked_at is null`.execute(db);
  await db.schema.alterTable('messenger_opt_in_links').dropColumn('slot').execute();
}
