import type { FastifyInstance } from 'fastify';
import type { Executor } from '@core/db/index';
import { as } from './app';
import { addDays, isoWeekday, localDate, localDateTime, nowIso } from '@core/time/time';

/** Helpers for reader, tap and attendance tests. */

/** Creates a reader through the API; returns it with its one-time token. */
export async function createReader(app: FastifyInstance, token: string, data: Record<string, unknown>) {
  const res = await as(token)(app, {
    method: 'POST',
    url: '/api/super-admin/rfid-readers',
    payload: { name: 'Gate 1', location: 'Main gate', ...data },
  });
  if (res.statusCode !== 201) throw new Error(`create reader failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; token: string; name: string; tokenHint: string };
}

let seq = 0;
/**
 * A student with a card (rfidCardId in the stored form), inserted directly: the one card-student fixture of the
 * API and e2e tests. `at` is an app or any database handle (a second node's, a transaction); `createdAt`
 * (or `extra.createdAt`) defaults to 2020 so the absence job counts the student on every test day.
 */
export async function insertCardStudent(
  at: FastifyInstance | Executor,
  schoolId: number,
  card: string,
  createdAt = '2020-01-01T00:00:00.000Z',
  extra: { firstName?: string; lastName?: string; parentPhone?: string; email?: string } = {},
) {
  seq += 1;
  const db = 'db' in at ? at.db : at;
  const tag = `${seq}-${Math.random().toString(36).slice(2, 8)}`;
  const row = await db
    .insertInto('students')
    .values({
      firstName: extra.firstName ?? 'Card',
      lastName: extra.lastName ?? `Holder${tag}`,
      email: extra.email ?? `card${tag}@school.test`,
      passwordHash: 'x',
      lrn: String(200000000000 + Math.floor(Math.random() * 99999999999)),
      parentPhone: extra.parentPhone ?? '+639171234567',
      rfidCardId: card,
      schoolId,
      createdAt,
      updatedAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One student per card in a school, inserted straight (500 rows a statement: thousands of API registrations
 * would time scrypt, not what a bench or a load test measures). `tag` keeps emails and LRNs apart from other benches' rows.
 */
export async function insertCardStudents(
  db: Executor,
  schoolId: number,
  cards: string[],
  tag: string,
  lrnBase = 600000000000,
  /** Each learner's parent phone (by the learner's index); one shared number when absent. */
  parentPhone: (i: number) => string = () => '+639171234567',
) {
  const now = new Date().toISOString();
  for (let i = 0; i < cards.length; i += 500) {
    await db
      .insertInto('students')
      .values(
        cards.slice(i, i + 500).map((card, j) => ({
          firstName: 'Bench',
          lastName: `${tag} ${i + j}`,
          email: `${tag}-${i + j}@example.com`,
          passwordHash: 'x',
          lrn: String(lrnBase + i + j),
          parentPhone: parentPhone(i + j),
          rfidCardId: card,
          schoolId,
          // Created long ago: the absence job and the history treat them as students of every recent day.
          createdAt: '2020-01-01T00:00:00.000Z',
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/** POST /api/rfid/taps with a reader token. */
export const postTaps = (app: FastifyInstance, readerToken: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/rfid/taps',
    headers: { authorization: `Bearer ${readerToken}` },
    payload: payload as object,
  });

/** The most recent Monday–Friday strictly before today in a zone (within the 7-day intake window). */
export function lastSchoolDay(timeZone = 'Asia/Manila', now = new Date()): string {
  let d = addDays(localDate(now, timeZone), -1);
  while (isoWeekday(d) > 5) d = addDays(d, -1);
  return d;
}

/**
 * Sets a school's year to run from a week before `day` to half a year after it, so that `day` (a recent school day)
 * is in the current school year on any date the suite runs (an excuse must be; early in June, the Philippine rule's
 * year would already be the next one).
 */
export async function schoolYearAround(app: FastifyInstance, schoolId: number, day: string): Promise<void> {
  await app.db
    .updateTable('schools')
    .set({ schoolYearStart: addDays(day, -7), schoolYearEnd: addDays(day, 180) })
    .where('id', '=', schoolId)
    .execute();
}

/** ISO instant of a local time on a day. */
export const at = (date: string, time: string, timeZone = 'Asia/Manila') => localDateTime(date, time, timeZone).toISOString();

/** Rows of a table for a student (to assert exact counts). */
export const intentsOf = (app: FastifyInstance, studentId: number) =>
  app.db
    .selectFrom('notificationOutbox')
    .selectAll()
    .where('studentId', '=', studentId)
    .where('channel', '=', 'INTENT')
    .orderBy('id')
    .execute();
