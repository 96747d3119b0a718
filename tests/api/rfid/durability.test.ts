import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DB } from '@core/db/index';
import { dbKind, WANT_TOKEN } from '../../helpers/app';
import { createEmptyPgDatabase } from '../../helpers/template-db';
import { at, insertCardStudents, lastSchoolDay } from '../../helpers/rfid';
import { startScript, waitFor, type ScriptProcess } from '../../helpers/processes';

/*
 * Durability: the server is killed with SIGKILL in the middle of a tap load and started again on
 * the same database. Every tap it answered 2xx is stored exactly once, a replay of everything answers with
 * the first results, and every attendance change has its notification intent. A real server process
 * (scripts/serve.ts) on the store of the suite's run: a SQLite file (the default deployment), or, with
 * TEST_DATABASE_URL, a fresh PostgreSQL schema of that database (PG_SCHEMA), dropped at the end. The killed
 * process gets no chance to clean up.
 */
const ROOT = { email: 'durable-root@school.test', password: 'DurableRoot123' };
const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * A store of the suite's run, for the server (its environment) and for the test (its own handle on the same
 * database): a SQLite file in DATA_DIR, or an empty database on TEST_DATABASE_URL's PostgreSQL server (dropped
 * with the run).
 */
function storeFor(kind: typeof dbKind, dataDir: string) {
  let pgDb: { url: string; schema: string } | undefined;
  return {
    env: () => ({ DATABASE_URL: pgDb?.url ?? '', PG_SCHEMA: pgDb?.schema ?? '' }),
    open: () => createDb({ databaseUrl: pgDb?.url, pgSchema: pgDb?.schema, sqliteFile: path.join(dataDir, 'app.db') }),
    create: async () => {
      if (kind === 'postgres') pgDb = await createEmptyPgDatabase(PG_URL!);
    },
  };
}

const json = async (base: string, url: string, token: string, body: unknown, method = 'POST') => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(url.endsWith('/login') ? WANT_TOKEN : {}),
    },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies of several routes, read field by field
  return { status: res.status, body: (await res.json()) as { data: any; message?: string } };
};

describe.each<typeof dbKind>([dbKind])('SIGKILL during a tap load (%s, real server process)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
  const store = storeFor(kind, dataDir);
  const procs: ScriptProcess[] = [];
  let db: DB | undefined;

  const startServer = async () => {
    const proc = await startScript(
      'scripts/serve.ts',
      {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        ...store.env(),
        LOG_LEVEL: 'silent',
        SCRYPT_COST: '1024',
        ABSENCE_JOB: '0',
        // Load shedding (503) is tested on its own; a loaded test machine must not trip it here.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        SUPER_ADMIN_EMAIL: ROOT.email,
        SUPER_ADMIN_PASSWORD: ROOT.password,
      },
      /PORT (\d+)/,
    );
    procs.push(proc);
    return { child: proc.child, base: `http://127.0.0.1:${proc.match[1]}` };
  };

  afterAll(async () => {
    for (const p of procs.splice(0)) await p.stop();
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged tap once and every attendance change with its intent', async () => {
    await store.create();
    let server = await startServer();
    const login = await json(server.base, '/api/super-admin/login', '', ROOT);
    expect(login.status).toBe(200);
    const admin = login.body.data.token as string;
    const school = await json(server.base, '/api/super-admin/schools', admin, { name: 'Durable School', acronym: 'DUR' });
    expect([school.status, school.body.message]).toEqual([201, 'School created successfully']);
    const schoolId = school.body.data.id as number;
    const reader = await json(server.base, '/api/super-admin/rfid-readers', admin, { name: 'Gate', schoolId });
    expect([reader.status, reader.body.message]).toEqual([201, 'Reader added. Copy its token now: it is shown only once.']);
    const readerToken = reader.body.data.token as string;

    db = store.open();
    const cards = Array.from({ length: 300 }, (_, i) => `D0${String(i).padStart(6, '0')}`);
    await insertCardStudents(db, schoolId, cards, 'durable', 400000000000);

    // Load: 8 workers post single taps and batches (check-ins, then check-outs an hour later) until the kill.
    const day = lastSchoolDay();
    const acknowledged = new Map<string, string>();
    /** Answers other than a new single tap's 201 or a batch's 200 (a 503, a 500…): none is expected. */
    const unexpected: string[] = [];
    let n = 0;
    let killed = false;
    const event = () => {
      const i = n++;
      const card = cards[i % cards.length]!;
      const hour = i < cards.length ? '07:00' : '15:00';
      return {
        eventId: `dur-${i}`,
        cardUid: card,
        tappedAt: at(day, hour).replace(':00.000Z', `:${String(i % 60).padStart(2, '0')}.000Z`),
      };
    };
    const worker = async (w: number) => {
      while (!killed) {
        const events = w % 2 === 0 ? [event()] : Array.from({ length: 20 }, event);
        const body = events.length === 1 ? events[0] : { events };
        try {
          const res = await json(server.base, '/api/rfid/taps', readerToken, body);
          if (res.status >= 200 && res.status < 300) {
            const results = events.length === 1 ? [res.body.data] : res.body.data.results;
            for (const r of results) acknowledged.set(r.eventId, r.outcome);
          }
          if (res.status !== (events.length === 1 ? 201 : 200)) unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    // Killed mid-load, once enough taps have been acknowledged to tell a lost one.
    await waitFor(() => acknowledged.size > 150, 60_000, 'taps to be acknowledged under load', 10);
    killed = true;
    server.child.kill('SIGKILL');
    await load;
    await procs[0]!.stop();
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(unexpected).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(100);

    server = await startServer();
    const taps = await db.selectFrom('rfidTaps').select(['eventId', 'outcome', 'attendanceId', 'status']).execute();
    const stored = new Map(taps.map((t) => [t.eventId, t]));
    expect(stored.size).toBe(taps.length); // none twice
    const missing = [...acknowledged.keys()].filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    for (const [id, outcome] of acknowledged) expect(stored.get(id)!.outcome, id).toBe(outcome);

    // Every attendance change has its intent: each check-in/late/check-out tap, keyed by its record.
    const intents = new Set(
      (await db.selectFrom('notificationOutbox').select('idempotencyKey').where('channel', '=', 'INTENT').execute()).map(
        (r) => r.idempotencyKey,
      ),
    );
    const type = { CHECK_IN: 'CHECK_IN', LATE: 'LATE_ARRIVAL', CHECK_OUT: 'CHECK_OUT' } as Record<string, string>;
    const changes = taps.filter((t) => type[t.outcome]);
    expect(changes.length).toBeGreaterThan(0);
    // A check-in received long after its time, out of its reader's order, is told as a correction (late-replay.ts).
    const hasIntent = (kind: string, id: number | null) =>
      intents.has(`${kind}:attendance:${id}`) || (kind !== 'CHECK_OUT' && intents.has(`CORRECTION:attendance:${id}`));
    for (const t of changes) expect(hasIntent(type[t.outcome]!, t.attendanceId), t.eventId).toBe(true);
    const records = await db.selectFrom('attendanceRecords').select(['id', 'checkInAt', 'checkOutAt']).execute();
    for (const r of records) {
      if (r.checkInAt)
        expect([...intents].some((k) => k.endsWith(`:attendance:${r.id}`) && !k.startsWith('CHECK_OUT'))).toBe(true);
      if (r.checkOutAt) expect(intents.has(`CHECK_OUT:attendance:${r.id}`)).toBe(true);
    }

    // The readers replay what they sent: the restarted server answers with the first results and adds nothing.
    const ids = [...acknowledged.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const events = ids
        .slice(i, i + 500)
        .map((eventId) => ({ eventId, cardUid: 'FFFFFFFF', tappedAt: new Date().toISOString() }));
      const res = await json(server.base, '/api/rfid/taps', readerToken, { events });
      expect(res.status).toBe(200);
      expect(res.body.data.rejected).toEqual([]);
      expect(res.body.data.results.length).toBe(events.length);
      for (const r of res.body.data.results) {
        expect(r.replayed).toBe(true);
        expect(r.outcome).toBe(acknowledged.get(r.eventId));
      }
    }
    expect((await db.selectFrom('rfidTaps').select('id').execute()).length).toBe(taps.length);
  }, 60_000);
});
