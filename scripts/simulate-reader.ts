/*
 * Reader simulator (issue #11): `npm run simulate:reader -- --school <id> --rate 5 [--zkteco]`
 * posts realistic taps to a running server, for demos and benches:
 *   - a morning rush: the rate swells and ebbs around --rate (taps/s) in 60 s waves;
 *   - late arrivals: the server decides PRESENT/LATE by the school's clock, so taps sent after the late cutoff
 *     come out LATE; every student taps again later (check-outs once CHECKOUT_MIN_MINUTES have passed);
 *   - unknown cards: about 5% of taps are cards no student has;
 *   - offline replays: every ~30 s the reader "goes offline" for 10 s, buffers its taps, then replays them as one
 *     batch, sending the previous batch again too (the server answers replays with their first results).
 * It signs in as a super admin (--email/--password, default SUPER_ADMIN_EMAIL/SUPER_ADMIN_PASSWORD), registers a
 * reader for the school (HTTP with a token, or ZKTeco with a serial number: --zkteco posts ATTLOG to /iclock/cdata)
 * and taps the cards given with --cards A,B,C or, when the students API exists, the school's students' cards.
 * Options: --url http://localhost:4321  --duration <s> (default: until Ctrl-C).
 */
import { parseArgs } from '../bench/lib';

const args = parseArgs();
const url = (args.get('url') ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
const schoolId = Number(args.get('school'));
const rate = Number(args.get('rate') ?? 5);
const zkteco = args.has('zkteco');
const duration = Number(args.get('duration') ?? 0);
const creds = {
  email: args.get('email') ?? process.env.SUPER_ADMIN_EMAIL ?? 'superadmin@example.com',
  password: args.get('password') ?? process.env.SUPER_ADMIN_PASSWORD ?? '',
};
if (!Number.isInteger(schoolId) || schoolId <= 0 || !(rate > 0)) {
  console.error(
    'Usage: npm run simulate:reader -- --school <id> --rate 5 [--zkteco] [--url http://localhost:4321] [--cards A,B] [--duration 60]',
  );
  process.exit(2);
}

async function call<T>(path: string, opts: { token?: string; body?: unknown; method?: string } = {}): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message ?? ''}`);
  return json.data as T;
}

async function studentCards(admin: string): Promise<string[]> {
  const given = args.get('cards');
  if (given)
    return given
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
  try {
    const data = await call<{ students: Array<{ rfidCardId: string | null }> }>(
      `/api/super-admin/students?schoolId=${schoolId}&limit=100`,
      { token: admin },
    );
    return data.students.map((s) => s.rfidCardId).filter((c): c is string => !!c);
  } catch {
    return [];
  }
}

/** ZKTeco terminals print local time: YYYY-MM-DD HH:MM:SS in the school's zone. */
function zkStamp(d: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

async function main() {
  const admin = (await call<{ token: string }>('/api/super-admin/login', { body: creds })).token;
  const settings = await call<{ timeZone: string }>(`/api/super-admin/schools/${schoolId}/attendance-settings`, { token: admin });
  const serial = `SIM${Date.now().toString(36).toUpperCase()}`;
  const reader = await call<{ id: number; token: string; name: string }>('/api/super-admin/rfid-readers', {
    token: admin,
    body: {
      name: `Simulator ${serial}`,
      location: 'Simulated gate',
      schoolId,
      kind: zkteco ? 'ZKTECO' : 'HTTP',
      serialNumber: zkteco ? serial : null,
    },
  });
  const cards = await studentCards(admin);
  console.log(
    `Reader #${reader.id} (${zkteco ? `ZKTeco SN ${serial}` : 'HTTP'}) for school ${schoolId}; ${cards.length} student cards${cards.length ? '' : ' (only unknown cards: pass --cards or register cards on students)'}.`,
  );

  let seq = 0;
  let offlineUntil = 0;
  let buffer: Array<{ eventId: string; cardUid: string; tappedAt: string }> = [];
  let lastBatch: typeof buffer = [];
  const stats = { sent: 0, replayed: 0, failed: 0, outcomes: {} as Record<string, number> };
  const randomCard = () =>
    Math.random() < 0.05 || cards.length === 0
      ? Math.floor(Math.random() * 0xffffffff)
          .toString(16)
          .toUpperCase()
          .padStart(8, '0')
      : cards[Math.floor(Math.random() * cards.length)]!;

  async function send(events: typeof buffer) {
    try {
      if (zkteco) {
        const body = events
          .map((e) => `${e.cardUid}\t${zkStamp(new Date(e.tappedAt), settings.timeZone)}\t0\t1\t0\t0`)
          .join('\n');
        const res = await fetch(`${url}/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=${seq}`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body,
        });
        if (!res.ok) throw new Error(`ATTLOG ${res.status}`);
        stats.sent += events.length;
        return;
      }
      const data = await call<{ outcome?: string; replayed?: boolean; results?: Array<{ outcome: string; replayed: boolean }> }>(
        '/api/rfid/taps',
        {
          token: reader.token,
          body: events.length === 1 ? events[0] : { events },
        },
      );
      for (const r of data.results ?? [data as { outcome: string; replayed: boolean }]) {
        stats.sent += 1;
        if (r.replayed) stats.replayed += 1;
        stats.outcomes[r.outcome] = (stats.outcomes[r.outcome] ?? 0) + 1;
      }
    } catch (err) {
      stats.failed += events.length;
      console.error(String(err));
    }
  }

  const started = Date.now();
  const report = setInterval(() => console.log(JSON.stringify({ ...stats, at: new Date().toISOString() })), 10_000);
  if (zkteco) await fetch(`${url}/iclock/cdata?SN=${serial}&options=all`);
  while (!duration || Date.now() - started < duration * 1000) {
    const t = (Date.now() - started) / 1000;
    // Morning rush: the rate swells to twice --rate and ebbs to a trickle in 60 s waves.
    const current = Math.max(0.2, rate * (1 + Math.sin((t / 60) * 2 * Math.PI)));
    await new Promise((r) => setTimeout(r, (-Math.log(1 - Math.random()) * 1000) / current));
    const event = { eventId: `${serial}-${++seq}`, cardUid: randomCard(), tappedAt: new Date().toISOString() };
    if (Date.now() < offlineUntil) {
      buffer.push(event);
      continue;
    }
    if (buffer.length) {
      // Back online: replay the buffer, and the previous one again (a reader that never got its answer).
      await send([...lastBatch, ...buffer].slice(-500));
      lastBatch = buffer;
      buffer = [];
    }
    if (Math.random() < 1 / (30 * current)) offlineUntil = Date.now() + 10_000;
    await send([event]);
  }
  clearInterval(report);
  console.log(JSON.stringify(stats));
}

await main();
