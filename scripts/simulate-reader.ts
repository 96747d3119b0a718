/*
 * Reader simulator: `npm run simulate:reader -- --school <id> --rate 5 [--zkteco]`
 * posts realistic taps to a running server, for demos and benches:
 *   - a morning rush: the rate swells and ebbs around --rate (taps/s) in 60 s waves;
 *   - late arrivals: the server decides PRESENT/LATE by the school's clock, so taps sent after the late cutoff
 *     come out LATE; every student taps again later (check-outs once CHECK_OUT_MIN_MINUTES have passed);
 *   - unknown cards: about 5% of taps are cards no student has;
 *   - offline replays: every ~30 s the reader "goes offline" for 10 s, buffers its taps, then replays them as one
 *     batch, sending the previous batch again too (the server answers replays with their first results).
 * With --school-day [--speed 120] it plays whole school days instead (scripts/school-day.ts: arrivals around the
 * school's late cutoff, some late, departures in the afternoon), from yesterday, fast-forwarded up to now, then live.
 * It signs in as a super admin (--email/--password, default SUPER_ADMIN_EMAIL/SUPER_ADMIN_PASSWORD), registers a
 * reader for the school (HTTP with a token, or ZKTeco with a serial number: --zkteco posts ATTLOG to /iclock/cdata)
 * and taps the cards given with --cards A,B,C, else the school's students' cards.
 * Options: --url http://localhost:4321  --duration <s> (default: until Ctrl-C).
 */
import { parseArgs } from '../bench/lib';
import { pause, pickCard, playTaps, readerClient, type PlannedTap, type ReaderLink } from './reader-sim';
import { replayPacer, schoolDays, yesterday } from './school-day';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

const USAGE = `
Usage: npm run simulate:reader -- --school <id> [options]
Posts realistic taps for one school's students to a running server, as a registered reader.
  --school <id>         the school whose students tap (required)
  --rate <n>            taps/s around which the rush swells and ebbs (default 5)
  --zkteco              a ZKTeco reader posting ATTLOG to /iclock/cdata (default: HTTP reader, POST /api/rfid/taps)
  --school-day          whole school days from yesterday, fast-forwarded up to now, then live (default: rush waves)
  --speed <n>           fast-forward factor of --school-day (default 120)
  --url <url>           the server (default http://localhost:$PORT, PORT default 4321)
  --cards <A,B,…>       the cards to tap (default: the school's students' cards)
  --duration <s>        stop after this long (default 0: until Ctrl-C)
  --email <e>, --password <p>   super admin to sign in as (default $SUPER_ADMIN_EMAIL or superadmin@example.com, $SUPER_ADMIN_PASSWORD)
  --help                this text
`;
const args = parseArgs(USAGE);
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
  console.error(USAGE.trim());
  process.exit(2);
}

async function call<T>(path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      // A sign-in answers with a bearer token only when asked (a browser gets cookies instead).
      ...(path.endsWith('/login') ? { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE } : {}),
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
  const data = await call<{ students: Array<{ rfidCardId: string | null }> }>(
    `/api/super-admin/students?schoolId=${schoolId}&limit=100`,
    { token: admin },
  );
  return data.students.map((s) => s.rfidCardId).filter((c): c is string => !!c);
}

/** Taps now, at a rate that swells to twice --rate and ebbs to a trickle in 60 s waves (the morning rush). */
async function* rushWaves(cards: string[], signal: AbortSignal): AsyncGenerator<PlannedTap> {
  const started = Date.now();
  while (!signal.aborted) {
    const t = (Date.now() - started) / 1000;
    const current = Math.max(0.2, rate * (1 + Math.sin((t / 60) * 2 * Math.PI)));
    await pause((-Math.log(1 - Math.random()) * 1000) / current, signal);
    if (!signal.aborted) yield { cardUid: pickCard(cards), tappedAt: new Date().toISOString() };
  }
}

async function main() {
  const admin = (await call<{ token: string }>('/api/super-admin/login', { body: creds })).token;
  const settings = await call<{ timeZone: string; lateCutoff: string }>(
    `/api/super-admin/schools/${schoolId}/attendance-settings`,
    { token: admin },
  );
  const serial = `SIM${Date.now().toString(36).toUpperCase()}`;
  const reader = await call<{ id: number; token: string }>('/api/super-admin/rfid-readers', {
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

  const link: ReaderLink = zkteco
    ? { url, kind: 'ZKTECO', serial, timeZone: settings.timeZone }
    : { url, kind: 'HTTP', token: reader.token };
  const client = readerClient(link, { onError: (err) => console.error(String(err)) });
  const stop = new AbortController();
  if (duration) setTimeout(() => stop.abort(), duration * 1000);
  process.on('SIGINT', () => stop.abort());
  const report = setInterval(() => console.log(JSON.stringify({ ...client.stats, at: new Date().toISOString() })), 10_000);

  await client.hello();
  const taps = args.has('school-day')
    ? schoolDays({
        firstDay: yesterday(settings.timeZone),
        cards,
        rules: settings,
        pace: replayPacer(Number(args.get('speed') ?? 120)),
        signal: stop.signal,
      })
    : rushWaves(cards, stop.signal);
  await playTaps(taps, client, { eventPrefix: serial, offline: { everyMs: 30_000, forMs: 10_000 } });
  clearInterval(report);
  console.log(JSON.stringify(client.stats));
}

await main();
