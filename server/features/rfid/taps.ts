import type { Clock } from '@core/time/clock';
import type { FastifyBaseLogger } from 'fastify';
import { isPostgres, type Executor, type DB } from '@core/db/index';
import type { Realtime } from '@core/realtime';
import { normalizeCardUid } from '@shared/card-uid';
import {
  isIsoInstant,
  isRealInstant,
  TAP_MAX_AGE_MS,
  TAP_MAX_FUTURE_MS,
  TAP_MESSAGES,
  type TapEvent,
  type RefusedTap,
  type TapRejection,
  type TapResult,
} from '@domain/rfid';
import type { LiveAttendanceEvent, LiveTapEvent } from '@domain/attendance';
import { recordTapGroup } from './tap-recording';
import { ReplayRace, type PendingTap, type RecordedGroup } from './tap-model';
import { READER_TTL_MS, readerBySerial, readerByToken, readerChanges, type ReaderRow } from './readers';
import { recordsByIds, RULES_TTL_MS, schoolRules, schoolRulesChanges, type SchoolRules } from '../attendance';
import { TtlCache } from '@core/ttl-cache';
import { recordRefusals, type Refusal } from './tap-refusals';

/*
 * Tap intake, shared by POST /api/rfid/taps and the ZKTeco ADMS push.
 *
 * Every new tap row, the attendance change it causes and that change's notification intent commit together
 * or not at all (nothing is ever half-recorded), then the reader gets its answer and the live events go out.
 * Idempotent on (reader, eventId): taps already stored answer with their first result and change nothing; a
 * concurrent duplicate (another process stored it first) makes the transaction run again and then answer as
 * a replay. Bad events are rejected one by one with their reason. The rules and the statements are in
 * features/rfid/tap-recording.ts; this module checks events and groups concurrent requests into one transaction.
 */

export interface IntakeOptions {
  defaultTimeZone: string;
  debounceSeconds: number;
  checkoutMinMinutes: number;
  /** A tap received more than this many minutes after its time may be a late replay (late-replay.ts; 10). */
  lateReplayMinutes?: number;
  /** The server's clock: a tap more than 5 minutes ahead of it, or too old, is refused; taps are received by it */
  clock: Clock;
}

export interface IntakeResult {
  results: TapResult[];
  rejected: TapRejection[];
}

interface Checked {
  event: TapEvent;
  uid: string;
  tappedAt: string;
  /** Its reader when not the request's (taps recorded again for a card's new holder come from several readers). */
  reader?: ReaderRow;
}

/** Per-event checks: a card UID, a time with a zone, inside the accepted window. */
export function checkTap(
  event: TapEvent,
  now: number,
): { ok: true; uid: string; tappedAt: string } | { ok: false; reason: string } {
  const uid = normalizeCardUid(event.cardUid);
  if (!uid) return { ok: false, reason: TAP_MESSAGES.cardUid };
  if (!isIsoInstant(event.tappedAt.trim())) return { ok: false, reason: TAP_MESSAGES.tappedAt };
  if (!isRealInstant(event.tappedAt.trim())) return { ok: false, reason: TAP_MESSAGES.impossible };
  const t = Date.parse(event.tappedAt.trim());
  if (t > now + TAP_MAX_FUTURE_MS) return { ok: false, reason: TAP_MESSAGES.future };
  if (t < now - TAP_MAX_AGE_MS) return { ok: false, reason: TAP_MESSAGES.old };
  return { ok: true, uid, tappedAt: new Date(t).toISOString() };
}

/** How long one process leaves a reader's lastSeenAt alone after writing it (online/offline needs minutes). */
const LAST_SEEN_EVERY_MS = 1000;
/**
 * Most events recorded in one transaction (a request is never split; a batch is at most 500). SQLite runs a
 * group without yielding, so this also bounds how long other requests wait: ~50 ms on an idle core.
 */
const GROUP_MAX_EVENTS = 500;

/** An event refused before the intake (its shape or text; an ATTLOG line): reported and kept as a refusal. */
export type RefusedEvent = RefusedTap;

export interface TapIntake {
  /**
   * Records one request's events, and keeps its refused ones (`refused`, and those failing checkTap) with their
   * reason in the same transaction; resolves after the commit (and the live events).
   */
  ingest(reader: ReaderRow, events: TapEvent[], refused?: RefusedEvent[]): Promise<IntakeResult>;
  /**
   * Records stored taps again, at their own readers, after `before` has run in the same transaction (which removes
   * their earlier rows and makes what changes their outcome, such as a card given to a learner): all or nothing.
   */
  rerecord(taps: Array<{ reader: ReaderRow; event: TapEvent }>, before: (trx: Executor) => Promise<void>): Promise<IntakeResult>;
  /** The reader behind a token / a ZKTeco serial (cached briefly, cleared on change: READER_TTL_MS in readers.ts). */
  readerByToken(token: string): Promise<ReaderRow | undefined>;
  readerBySerial(serial: string): Promise<ReaderRow | undefined>;
  /** A school's attendance rules (cached likewise). */
  schoolRules(schoolId: number): Promise<SchoolRules>;
}

interface Job {
  reader: ReaderRow;
  fresh: Checked[];
  rejected: TapRejection[];
  refusals: Refusal[];
  /** Runs first in the group's transaction (rerecord). */
  before?: (trx: Executor) => Promise<void>;
  /** Taps recorded again: they are no contact from the reader (its lastSeenAt stays). */
  again?: boolean;
  resolve(result: IntakeResult): void;
  reject(err: unknown): void;
}

/**
 * Tap intake with adaptive group commit: a request that finds the intake idle is recorded at once (in the next
 * turn of the event loop, with whatever other requests were read in the same turn); the requests that arrive
 * while a group's transaction runs wait for it and then go together in ONE transaction, so a morning rush costs
 * a handful of statements and one commit per group instead of a commit per tap, and a lone tap waits for
 * nothing. Each request still gets its own results, and its reply only after the commit. If a group fails, its
 * requests are run again one by one, so one request's error never becomes another's.
 */
export function createTapIntake(db: DB, realtime: Realtime | null, opts: IntakeOptions, log?: FastifyBaseLogger): TapIntake {
  let queue: Job[] = [];
  let scheduled = false;
  let running = false;
  const lastSeenWritten = new Map<number, number>();
  // Each reader's newest tap this process acknowledged: a later post's taps after it are the reader's own buffer.
  const lastTapAt = new Map<number, number>();
  const pgWritesAtOnce = isPostgres(db);
  const byToken = new TtlCache<string, ReaderRow>(READER_TTL_MS, readerChanges);
  const bySerial = new TtlCache<string, ReaderRow>(READER_TTL_MS, readerChanges);
  const rulesOf = new TtlCache<number, SchoolRules>(RULES_TTL_MS, schoolRulesChanges);
  // Read in the caller's transaction when there is one (SQLite has one connection: `db` would wait for it).
  const rules = async (schoolId: number, trx: Executor = db) =>
    (await rulesOf.get(schoolId, () => schoolRules(trx, schoolId, opts.defaultTimeZone)))!;

  async function record(jobs: Job[]) {
    const pending: PendingTap[] = jobs.flatMap((j) => {
      const inOrder = j.fresh.every((c, i) => i === 0 || c.tappedAt >= j.fresh[i - 1]!.tappedAt);
      const after = lastTapAt.get(j.reader.id) ?? -Infinity;
      return j.fresh.map((c) => ({ ...c, reader: c.reader ?? j.reader, ownBuffer: inOrder && Date.parse(c.tappedAt) >= after }));
    });
    for (let attempt = 0; ; attempt++) {
      try {
        const now = opts.clock.now().getTime();
        const receivedAt = new Date(now).toISOString();
        const due = [...new Set(jobs.filter((j) => !j.again).map((j) => j.reader.id))].filter(
          (id) => now - (lastSeenWritten.get(id) ?? 0) >= LAST_SEEN_EVERY_MS,
        );
        const work = async (trx: Executor) => {
          for (const j of jobs) if (j.before) await j.before(trx);
          for (const j of jobs) if (j.refusals.length) await recordRefusals(trx, j.reader.id, j.refusals, receivedAt);
          if (pending.length)
            return recordTapGroup(trx, pending, {
              ...opts,
              lateReplayMinutes: opts.lateReplayMinutes ?? 10,
              receivedAt,
              rules,
              seenReaders: due,
            });
          if (due.length) await trx.updateTable('rfidReaders').set({ lastSeenAt: receivedAt }).where('id', 'in', due).execute();
          return null;
        };
        // On PostgreSQL the taps' writes (and the readers' lastSeenAt) are one atomic statement (tap-writes.ts):
        // with nothing else to write with them, BEGIN and COMMIT would only add two round trips.
        const alone = pgWritesAtOnce && !jobs.some((j) => j.refusals.length || j.before);
        const recorded = alone ? await work(db) : await db.transaction().execute(work);
        for (const id of due) lastSeenWritten.set(id, now);
        for (const p of pending) {
          const t = Date.parse(p.tappedAt);
          if (t > (lastTapAt.get(p.reader.id) ?? -Infinity)) lastTapAt.set(p.reader.id, t);
        }
        return recorded;
      } catch (err) {
        // A concurrent request stored the same event or day record first, or PostgreSQL broke a deadlock: retry.
        const code = (err as { code?: string }).code;
        // 23505: on PostgreSQL the one-statement write meets the other's row on a unique index (tap-writes.ts).
        if ((err instanceof ReplayRace || code === '23505' || code === '40P01' || code === '40001') && attempt < 3) {
          log?.info({ code: code ?? 'replay', attempt }, 'tap group met a row another writer stored first; running it again');
          continue;
        }
        throw err;
      }
    }
  }

  /** The live events of committed groups, one after another: consoles see them in commit order. */
  let announcing: Promise<void> = Promise.resolve();

  async function run(jobs: Job[]) {
    const recorded = await record(jobs);
    let at = 0;
    for (const job of jobs) {
      const results = recorded ? recorded.results.slice(at, at + job.fresh.length) : [];
      at += job.fresh.length;
      job.resolve({ results, rejected: job.rejected });
    }
    // Nobody watching: the History rows and the events would be built for no one. The readers have their answer
    // already (the taps are committed): the History read runs beside the next group, not in its way.
    if (recorded && realtime?.hasListeners()) {
      const live = realtime;
      announcing = announcing
        .then(() => publish(db, live, recorded, opts.defaultTimeZone))
        // A failure to announce committed taps is logged; it never fails a reader's request.
        .catch((err: unknown) => log?.error({ err }, 'tap live events failed'));
    }
  }

  async function drain() {
    scheduled = false;
    running = true;
    try {
      while (queue.length) {
        let events = 0;
        let n = 0;
        while (n < queue.length && (n === 0 || events + queue[n]!.fresh.length <= GROUP_MAX_EVENTS))
          events += queue[n++]!.fresh.length;
        const group = queue.slice(0, n);
        queue = queue.slice(n);
        try {
          await run(group);
        } catch (err) {
          if (group.length === 1) group[0]!.reject(err);
          else for (const job of group) await run([job]).catch((e: unknown) => job.reject(e));
        }
        // Let other requests (and the load monitor) have the event loop before the next group.
        if (queue.length) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      running = false;
    }
  }

  const enqueue = (job: Omit<Job, 'resolve' | 'reject'>) =>
    new Promise<IntakeResult>((resolve, reject) => {
      queue.push({ ...job, resolve, reject });
      if (!running && !scheduled) {
        scheduled = true;
        setImmediate(() => void drain());
      }
    });

  return {
    ingest(reader, events, refused = []) {
      const checked = checkEvents(events, opts.clock.now().getTime());
      const bad = [...refused, ...checked.rejected].sort((a, b) => a.index - b.index);
      const rejected = bad.map(({ eventId, index, reason }) => ({ eventId, index, reason }));
      const refusals = bad.map((r) => ({ eventId: r.eventId, cardUidRaw: r.cardUid, tappedAtRaw: r.tappedAt, reason: r.reason }));
      return enqueue({ reader, fresh: checked.fresh, rejected, refusals });
    },
    rerecord(taps, before) {
      const now = opts.clock.now().getTime();
      const fresh: Checked[] = [];
      const rejected: TapRejection[] = [];
      taps.forEach(({ reader, event }, index) => {
        const c = checkTap(event, now);
        if (c.ok) fresh.push({ event, uid: c.uid, tappedAt: c.tappedAt, reader });
        else rejected.push({ eventId: event.eventId, index, reason: c.reason });
      });
      return enqueue({ reader: taps[0]!.reader, fresh, rejected, refusals: [], before, again: true });
    },
    readerByToken: (token) => byToken.get(token, () => readerByToken(db, token)),
    readerBySerial: (serial) => bySerial.get(serial, () => readerBySerial(db, serial)),
    schoolRules: (schoolId) => rules(schoolId),
  };
}

/** Each event checked once (a repeated eventId in one request counts once); the bad ones with their reason. */
function checkEvents(events: TapEvent[], now: number) {
  const rejected: RefusedEvent[] = [];
  const fresh: Checked[] = [];
  const seen = new Set<string>();
  events.forEach((event, i) => {
    const eventId = event.eventId.trim();
    if (seen.has(eventId)) return;
    seen.add(eventId);
    const c = checkTap(event, now);
    if (c.ok) fresh.push({ event: { ...event, eventId }, uid: c.uid, tappedAt: c.tappedAt });
    else rejected.push({ eventId, index: event.index ?? i, reason: c.reason, cardUid: event.cardUid, tappedAt: event.tappedAt });
  });
  return { fresh, rejected };
}

/** After commit: `attendance` per attendance change (with the History row), `attendance:all` per new tap. */
async function publish(db: Executor, realtime: Realtime, { changes, taps }: RecordedGroup, defaultTimeZone: string) {
  if (changes.length) {
    const records = await recordsByIds(db, [...new Set(changes.map((c) => c.attendanceId))], defaultTimeZone);
    for (const c of changes) {
      const record = records.get(c.attendanceId);
      if (!record) continue;
      const event: LiveAttendanceEvent = {
        id: c.attendanceId,
        studentId: c.studentId,
        studentName: c.studentName,
        status: c.status,
        time: c.time,
        reader: c.readerName,
        record,
      };
      realtime.emitToSchool(record.schoolId, 'attendance', event);
      // The learner's portal: only the record id and status (it reads its own day again).
      realtime.emitToStudent(c.studentId, 'attendance', { id: c.attendanceId, status: c.status });
    }
  }
  for (const t of taps) {
    const event: LiveTapEvent = {
      tapId: t.tapId,
      outcome: t.outcome,
      cardUid: t.uid,
      time: t.time,
      reader: t.readerName,
      readerId: t.readerId,
      receivedAt: t.receivedAt,
      studentId: t.studentId,
      studentName: t.studentName,
      status: t.status,
    };
    realtime.emitToSuperAdmins('attendance:all', event);
  }
}
