import { TtlCache } from '@core/ttl-cache';
import { eachLimited, yieldToLoop } from '@core/event-loop';
import { liveHistory } from '../history';
import { backoffDelay, RATE_LIMIT_FACTOR } from '../backoff';
import { claimDue, renewLease, type OutboxRow } from '../claim';
import { deliverMessenger, MESSENGER_REASONS } from '../deliver-messenger';
import { deliverSms, nothingTried, settleAttempt, type Outcome } from '../deliver-sms';
import { expandIntents } from '../batch/expand-batch';
import { markSentMany, markWaitMany } from '../batch/finish-batch';
import { sendBatch } from '../batch/send-batch';
import { addChannelMessage, expandIntent, studentContext } from '../expand';
import { expireDue, markExpired, markFailed, markRetry, markSent, markUncertain, markWait, switchToSms } from '../finish';
import { reconcileSms, UNCERTAIN_REASONS } from '../reconcile';
import { channelPayloadOf, type ChannelPayload, type NotificationIntent } from '../payloads';
import { rowExpiryReason } from '../urgency';
import type { Expansion } from '../expand';
import type { OutboxWorker, WorkerDeps } from './types';

export type { OutboxWorker, WorkerDeps } from './types';

/** How long a school's time zone is kept: as long as tap intake keeps the school's rules, whose clearing it shares. */
const ZONE_TTL_MS = 5000;

/**
 * The notification outbox worker, started with the server: claims due rows, expands
 * intents into per-channel messages, sends them (failover, daily limits, backoff with jitter), records
 * every outcome in sms_notifications and emits `sms:sent`.
 */
export function createOutboxWorker(deps: WorkerDeps): OutboxWorker {
  const { db, config, log } = deps;
  const { clock } = deps;
  /** When an attempt `delayMs` from now is due. */
  const after = (delayMs: number) => new Date(clock.now().getTime() + delayMs);
  let running = false;
  let loop: Promise<void> | null = null;
  /**
   * What the last pass did: rows that waited for a phone, rows that moved (sent, settled, expanded…), and when the
   * first busy phone has room (ms on the clock, kept across passes until then). A pass whose rows all waited is idle.
   */
  const pass = { claimed: 0, waited: 0, moved: 0, soonest: Infinity };
  let wake: (() => void) | null = null;
  let stopping: (() => void) | null = null;

  // The school's time zone (a device's daily count is per local day), cached as tap intake caches a school's
  // rules: a change of the zone (attendance settings) clears it at once here, within ZONE_TTL_MS on other nodes.
  const zones = new TtlCache<number, { timezone: string | null }>(ZONE_TTL_MS, 'rules');
  const schoolZone = async (schoolId: number) =>
    (await zones.get(schoolId, () => db.selectFrom('schools').select('timezone').where('id', '=', schoolId).executeTakeFirst()))
      ?.timezone ?? null;

  const { emit, emitAll } = liveHistory(db, deps.timeZone, deps.onSent);

  async function finish(row: OutboxRow, outcome: Outcome) {
    if (outcome.kind !== 'wait') pass.moved += 1;
    if (outcome.kind === 'lost') {
      log.warn({ outboxId: row.id }, 'outbox lease lost: another worker holds the row');
      return;
    }
    if (outcome.kind === 'sent') {
      const ids = { deviceId: outcome.deviceId, pageId: outcome.pageId, providerMsgId: outcome.providerMsgId };
      if (await markSent(db, row, ids, clock.now())) await emit(row);
      return;
    }
    if (outcome.kind === 'uncertain') {
      if (await markUncertain(db, row, outcome.reason, clock.now())) await emit(row);
      return;
    }
    if (outcome.kind === 'wait') {
      // Every phone is busy: not an attempt; the loop wakes when the first has room.
      pass.waited += 1;
      pass.soonest = Math.min(pass.soonest, outcome.until.getTime());
      await markWait(db, row, outcome.reason, outcome.until, clock.now(), outcome.deviceId);
      return;
    }
    if (outcome.kind === 'unknown') {
      // Not counted against giving up: the next attempt only asks the provider before it sends anything.
      const delay = backoffDelay(row.attempts + 1, config.baseDelayMs, config.maxDelayMs);
      await markRetry(db, row, outcome.reason, after(delay), clock.now(), outcome.deviceId, true);
      return;
    }
    if (outcome.kind === 'failed' || row.attempts + 1 >= config.maxAttempts) {
      const reason = outcome.kind === 'retry' ? `${outcome.reason} (gave up after ${row.attempts + 1} attempts)` : outcome.reason;
      await markFailed(db, row, reason, clock.now());
      // A failed message shows live in SMS History like a sent one.
      await emit(row);
      return;
    }
    const delay =
      backoffDelay(row.attempts + 1, config.baseDelayMs, config.maxDelayMs) * (outcome.rateLimited ? RATE_LIMIT_FACTOR : 1);
    await markRetry(db, row, outcome.reason, after(delay), clock.now(), outcome.deviceId);
  }

  /** Preference BOTH and Messenger could not deliver: make sure the SMS goes (no-op when it already exists). */
  async function fallbackToSms(row: OutboxRow, payload: ChannelPayload) {
    if (payload.preference !== 'BOTH' || !row.studentId) return;
    const student = await studentContext(db, row.studentId);
    if (!student) return;
    const intent: NotificationIntent = {
      type: payload.type,
      studentId: row.studentId,
      schoolId: payload.schoolId,
      occurredAt: row.eventAt ?? row.createdAt,
    };
    await db.transaction().execute((trx) =>
      addChannelMessage(trx, intent, payload.intentKey, 'SMS', student.parentPhone, payload.text, payload.preference, {
        now: clock.now(),
        expiry: { at: row.expiresAt },
      }),
    );
  }

  /**
   * Messenger refused a FACEBOOK_MESSENGER_ONLY message because its 24-hour window is closed
   * (or the parent's last message to the page is older than that). With a parent phone the same message goes by
   * SMS (History: channel SMS, note MESSENGER_REASONS.bySms); without one it is FAILED 'Messenger window closed'.
   */
  async function windowClosed(row: OutboxRow, payload: ChannelPayload) {
    const student = row.studentId ? await studentContext(db, row.studentId) : undefined;
    const phone = student?.parentPhone?.trim();
    const bySms = { key: `${payload.intentKey}:SMS`, note: MESSENGER_REASONS.bySms };
    if (phone && (await switchToSms(db, row, { ...bySms, phone }, clock.now()))) {
      log.info({ outboxId: row.id }, 'Messenger window closed: the message goes by SMS');
      return;
    }
    if (await markFailed(db, row, MESSENGER_REASONS.window, clock.now())) await emit(row);
  }

  /** A message claimed after its expiry is not sent (the sweep in runOnce takes the pending ones). */
  async function expireIfLate(row: OutboxRow): Promise<boolean> {
    if (row.expiresAt == null || row.expiresAt > clock.now().toISOString()) return false;
    if (await markExpired(db, row, rowExpiryReason(row, config), clock.now())) await emit(row);
    return true;
  }

  async function processRow(row: OutboxRow) {
    try {
      if (row.channel === 'INTENT') {
        pass.moved += 1;
        const { held, settled } = await db
          .transaction()
          .execute((trx) => expandIntent(trx, row, deps.timeZone, config, clock.now()));
        // Ended as they were written (expired, folded): shown live like a sent one.
        for (const id of settled) await emit({ smsNotificationId: id });
        // Written under this claim's lease: sent now, not after the next claim behind the backlog.
        for (const message of held) await processRow(message);
        return;
      }
      if (row.channel === 'SMS') {
        const payload = channelPayloadOf(row);
        const tz = payload.schoolId ? await schoolZone(payload.schoolId) : null;
        // An earlier attempt's outcome is unknown: ask the gateway; send only when it never got the message.
        const settled = row.inflightAt ? await reconcileSms(db, deps, row, tz) : null;
        if (settled) return await finish(row, settled);
        // Only now: an attempt that may have gone is settled above, whatever the time; a new one is not made late.
        if (await expireIfLate(row)) return;
        // Unanswered attempts do not count towards giving up until the gateway has said it never got them.
        if (row.attempts >= config.maxAttempts)
          return await finish(row, {
            kind: 'failed',
            reason: `${row.lastError ?? 'SMS gateway did not answer'} (gave up after ${row.attempts} attempts)`,
          });
        await finish(row, await deliverSms(db, deps, { ...row, inflightAt: null, inflightDeviceId: null }, payload, tz));
        return;
      }
      if (row.channel === 'MESSENGER') {
        if (row.inflightAt) return await finish(row, { kind: 'uncertain', reason: UNCERTAIN_REASONS.messenger });
        if (await expireIfLate(row)) return;
        const payload = channelPayloadOf(row);
        const outcome = await deliverMessenger(db, deps, row, payload);
        if (outcome.kind === 'failed' && outcome.window && payload.preference === 'FACEBOOK_MESSENGER_ONLY')
          return await windowClosed(row, payload);
        await finish(row, outcome);
        if (outcome.kind === 'failed') await fallbackToSms(row, payload);
        return;
      }
      await markFailed(db, row, `Unknown channel ${row.channel}`, clock.now());
    } catch (err) {
      // A bug or a database hiccup: the row goes back with backoff rather than being lost or retried hot.
      // An in-flight marker already written stays (unknown = true): the next attempt reconciles before sending.
      log.error({ err, outboxId: row.id }, 'outbox row failed');
      await markRetry(
        db,
        row,
        'Internal error while sending',
        after(backoffDelay(row.attempts + 1, config.baseDelayMs, config.maxDelayMs)),
        clock.now(),
        undefined,
        true,
      ).catch(() => {});
    }
  }

  /**
   * The pass's intents expanded in ONE transaction (expand-batch.ts), replaced in the pass by the messages they wrote
   * held by its claim, in claim order. If the batch fails (a bad payload, a database hiccup) nothing of it is kept and
   * each intent is expanded on its own by processRow, which handles its error alone.
   */
  async function expandPass(rows: OutboxRow[]): Promise<OutboxRow[]> {
    const intents = rows.filter((r) => r.channel === 'INTENT');
    if (!intents.length) return rows;
    let expansions: Map<number, Expansion>;
    try {
      expansions = await db.transaction().execute((trx) => expandIntents(trx, intents, deps.timeZone, config, clock.now()));
    } catch (err) {
      log.warn({ err }, 'outbox: batch expansion failed; expanding its intents one by one');
      return rows;
    }
    pass.moved += intents.length;
    // Ended as they were written (expired, folded): shown live like a sent one.
    await emitAll([...expansions.values()].flatMap((e) => e.settled));
    return rows.flatMap((r) => (r.channel === 'INTENT' ? (expansions.get(r.id)?.held ?? []) : [r]));
  }

  /** A message the batch may send: a first attempt or a retry by SMS, not in flight, not past its deadline or its attempts. */
  const batchable = (row: OutboxRow, now: string) =>
    row.channel === 'SMS' &&
    !row.inflightAt &&
    row.attempts < config.maxAttempts &&
    (row.expiresAt == null || row.expiresAt > now);

  /**
   * The pass's SMS messages handed over together (send-batch.ts), their outcomes recorded set-based; a refusal goes on
   * through the pool's other devices as the per-message path would. Returns the rows left to that path.
   */
  async function sendPass(rows: OutboxRow[]): Promise<OutboxRow[]> {
    if (!rows.length) return rows;
    const batch = await sendBatch(db, deps, rows, schoolZone, config.concurrency);
    for (const row of batch.lost) await finish(row, { kind: 'lost' });
    const sent = batch.handed.filter((h) => h.result.ok);
    pass.moved += sent.length;
    const notes = await markSentMany(
      db,
      sent.map((h) => ({ row: h.row, deviceId: h.device.id, providerMsgId: h.result.ok ? h.result.providerMsgId : null })),
      clock.now(),
    );
    await emitAll([...notes]);
    const refused = batch.handed.filter((h) => !h.result.ok);
    for (const handed of refused) {
      const tried = nothingTried();
      const outcome =
        (await settleAttempt(db, deps, handed, handed.result, tried)) ??
        (await deliverSms(
          db,
          deps,
          { ...handed.row, inflightAt: null, inflightDeviceId: null },
          channelPayloadOf(handed.row),
          handed.zone,
          tried,
        ));
      await finish(handed.row, outcome);
    }
    // A refusal gave its phone's moment back: the messages planned to wait for that phone try it now instead.
    if (refused.some((h) => !h.result.ok && !h.result.maybeSent)) return [...batch.rest, ...batch.waiting.flatMap((w) => w.rows)];
    for (const wait of batch.waiting) {
      pass.waited += wait.rows.length;
      pass.soonest = Math.min(pass.soonest, wait.until.getTime());
      await markWaitMany(db, wait.rows, wait.reason, wait.until, clock.now());
    }
    return batch.rest;
  }

  let sweptAt = -Infinity;
  /**
   * Pending messages past their expiry → EXPIRED, at most once a second of the clock (one index range when there are
   * none); a clock set back sweeps at once.
   */
  async function sweepExpired() {
    const now = clock.now();
    if (now.getTime() >= sweptAt && now.getTime() - sweptAt < 1000) return;
    sweptAt = now.getTime();
    const ids = await expireDue(db, (row) => rowExpiryReason(row, config), now);
    if (ids.length) log.info({ expired: ids.length }, 'outbox: attendance notices expired unsent');
    // Only a few are worth a live update each; a whole morning's expired backlog shows on the next reload.
    await emitAll(ids.slice(0, 20));
  }

  async function runOnce(): Promise<number> {
    pass.claimed = 0;
    pass.waited = 0;
    pass.moved = 0;
    await sweepExpired();
    const claimStart = performance.now();
    const rows = await claimDue(db, config.batchSize, config.leaseMs, config.freshWindowSeconds * 1000, clock.now());
    pass.claimed = rows.length;
    if (!rows.length) return 0;
    const claimMs = performance.now() - claimStart;
    // The lease is renewed while the batch runs (slow gateways, many rows), so no other worker takes its rows.
    const token = rows[0]!.leaseToken!;
    const renewal = setInterval(
      () =>
        void renewLease(db, token, config.leaseMs, clock.now()).catch((err: unknown) =>
          log.error({ err }, 'outbox lease renewal failed'),
        ),
      Math.max(50, Math.floor(config.leaseMs / 3)),
    );
    try {
      // Most urgent first; an intent's messages are sent in the pass that expanded it; sends overlap (network-bound).
      const work = await expandPass(rows);
      const now = clock.now().toISOString();
      const inBatch = work.filter((r) => batchable(r, now));
      const rest = await sendPass(inBatch);
      const single = work.filter((r) => !inBatch.includes(r));
      await eachLimited([...single, ...rest], Math.max(1, config.concurrency), processRow);
    } finally {
      clearInterval(renewal);
    }
    // What each pass took and for whom (bench:drain-taps --trace reads these lines): LOG_LEVEL=debug.
    if (log.level === 'debug' || log.level === 'trace') {
      const bySchool: Record<string, number> = {};
      for (const r of rows)
        bySchool[`${r.schoolId ?? '-'}:${r.channel}`] = (bySchool[`${r.schoolId ?? '-'}:${r.channel}`] ?? 0) + 1;
      const passMs = performance.now() - claimStart;
      log.debug({ claimMs: Math.round(claimMs * 10) / 10, passMs: Math.round(passMs * 10) / 10, bySchool }, 'outbox pass');
    }
    return rows.length;
  }

  /**
   * Idle: nothing was due, or every row the pass took waited for a busy phone and it took less than a full batch.
   * A full batch of waits says nothing of the schools behind it (the claim takes schools in turn, the same first
   * ones again while their rows are due): the next pass goes on to them. It cannot spin: every row that waited is
   * due again only when its phone has room.
   */
  function idle() {
    return pass.claimed === 0 || (pass.waited > 0 && pass.moved === 0 && pass.claimed < config.batchSize);
  }

  /** How long an idle loop sleeps: the poll interval, or less when a busy phone has room sooner. */
  function idleMs() {
    const untilFree = pass.soonest - clock.now().getTime();
    if (untilFree > 0) return Math.min(config.pollMs, untilFree);
    pass.soonest = Infinity;
    return config.pollMs;
  }

  /** Waits `ms`, or less when the worker stops (or, `kickable`, when a message is queued: kick()). */
  async function sleep(ms: number, kickable: boolean) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const end = () => {
        clearTimeout(timer);
        resolve();
      };
      wake = kickable ? end : null;
      stopping = end;
    });
    wake = null;
    stopping = null;
  }

  async function run() {
    while (running) {
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (err) {
        log.error({ err }, 'outbox pass failed');
      }
      // The claim is database work too: between passes the loop gets its turn (see yieldToLoop).
      await yieldToLoop();
      if (!running) break;
      // Idle: nothing was due, or every row waited for a busy phone (claiming them again at once would only spin).
      if (handled === 0 || idle()) await sleep(idleMs(), true);
      // Less than a full batch: the next notices come in a trickle; let some gather before claiming them.
      else if (handled < config.batchSize && config.gatherMs > 0) await sleep(config.gatherMs, false);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      stopping?.();
      await loop;
      loop = null;
    },
    kick() {
      wake?.();
    },
    runOnce,
    idle,
  };
}
