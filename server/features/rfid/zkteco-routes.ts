import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ATTLOG_MAX_BYTES,
  ATTLOG_MAX_LINES,
  ATTLOG_MESSAGES,
  attLogLines,
  handshakeReply,
  parseAttLog,
  summarise,
} from './zkteco';
import { WindowLimit } from '@core/http/window-limit';
import { errorHandler } from '@core/http/error-handler';
import { inZone, localDateTime } from '@core/time/time';
import { addressAllowed, type ReaderRow } from './readers';
import { logRefusedDevice } from './device-refusals';
import { printable } from '@shared/printable';
import { addressKey } from '@shared/networks';
import { maskSecret } from '@shared/secrets';

/*
 * ZKTeco ADMS push. The protocol has no credentials: a terminal names itself
 * by serial number (SN) in the query string. So only registered, active serial numbers are accepted, and a
 * reader with allowed networks only from them. What this cannot authenticate: anyone who knows a serial number
 * and can send from an allowed network can post logs as that terminal (README).
 *
 * Everything is decided before the body is read (onRequest): per-address and per-reader rate limits
 * (429 + Retry-After), then the terminal. An unknown serial, a deactivated or retired reader and a foreign
 * network all get the same answer, so the answer does not tell which serial numbers exist; an address that keeps
 * being refused is slowed down for every serial, except readers whose allowed networks name that address.
 * Replies are plain text ('OK') as the terminals expect.
 */
type Query = { SN?: string; table?: string };

export const DEVICE_REFUSED = 'Device not accepted';
/** Refused requests an address may make per 10 minutes before every request from it waits (enumeration). */
const REFUSALS_PER_ADDRESS = 30;

const text = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/plain').send(body);

function tooMany(reply: FastifyReply, seconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(seconds))
    .type('text/plain')
    .send(`Too many requests: retry in ${seconds} seconds`);
}

const timeZoneOf = async (app: FastifyInstance, reader: ReaderRow) =>
  reader.schoolId ? (await app.tapIntake.schoolRules(reader.schoolId)).timeZone : app.config.schoolTimezone;

export default async function zktecoRoutes(app: FastifyInstance) {
  const perAddress = new WindowLimit(app.config.zktecoRate.perAddressPerMinute, 60_000);
  const perReader = new WindowLimit(app.config.zktecoRate.perReaderPerMinute, 60_000);
  const refusedFrom = new WindowLimit(REFUSALS_PER_ADDRESS, 600_000);

  app.decorateRequest('reader', null);
  // Terminals send logs as text/plain or with no useful content type: read every body as text here, up to the cap.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: ATTLOG_MAX_BYTES }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, request, reply) =>
    err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? text(reply, 413, ATTLOG_MESSAGES.bytes) : errorHandler(err, request, reply),
  );

  /** The terminal behind a request, or the reply already sent (429/403). Runs before the body is read. */
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const source = addressKey(request.ip);
    const wait = perAddress.hit(source);
    if (wait) return tooMany(reply, wait);
    const serial = String((request.query as Query).SN ?? '').trim();
    const reader = serial ? await app.tapIntake.readerBySerial(serial) : undefined;
    const fenced = !!reader?.allowedNetworks && JSON.parse(reader.allowedNetworks).length > 0;
    const allowed = !!reader && addressAllowed(reader.allowedNetworks, request.ip);
    const slowed = refusedFrom.over(source);
    if (slowed && !(fenced && allowed)) return tooMany(reply, slowed);
    const refuse = async (action: string, details: Record<string, unknown>) => {
      refusedFrom.hit(source);
      await logRefusedDevice(app.db, request, action, details);
      return text(reply, 403, DEVICE_REFUSED);
    };
    if (!reader || reader.kind !== 'ZKTECO')
      return refuse('REFUSED_ZKTECO_SERIAL', { serial: maskSecret(printable(serial, 64)) });
    if (!reader.isActive) return refuse('REFUSED_ZKTECO_INACTIVE', { readerId: reader.id, serial: maskSecret(serial) });
    if (!allowed) return refuse('REFUSED_READER_NETWORK', { readerId: reader.id, serial: maskSecret(serial) });
    const busy = perReader.hit(String(reader.id));
    if (busy) return tooMany(reply, busy);
    request.reader = reader;
  });

  const seen = (reader: ReaderRow) =>
    app.db.updateTable('rfidReaders').set({ lastSeenAt: app.clock.now().toISOString() }).where('id', '=', reader.id).execute();

  app.get('/iclock/cdata', async (request, reply) => {
    const reader = request.reader!;
    const tz = await timeZoneOf(app, reader);
    await seen(reader);
    return text(reply, 200, handshakeReply(reader.serialNumber!, -inZone(app.clock.now(), tz).getTimezoneOffset() / 60));
  });

  app.post('/iclock/cdata', async (request, reply) => {
    const reader = request.reader!;
    const table = String((request.query as Query).table ?? '');
    if (table !== 'ATTLOG') return text(reply, 200, 'OK');
    const body = typeof request.body === 'string' ? request.body : '';
    const count = attLogLines(body).length;
    if (count > ATTLOG_MAX_LINES) {
      request.log.warn({ readerId: reader.id, lines: count }, 'ATTLOG post over the line cap');
      return text(reply, 413, ATTLOG_MESSAGES.lines);
    }
    const tz = await timeZoneOf(app, reader);
    const { lines, refused } = parseAttLog(body);
    const events = lines.map((l) => ({
      // A log line is unique by person and second: replays of the same line are the same event.
      eventId: `${l.pin}@${l.date}T${l.time}`,
      cardUid: l.pin,
      tappedAt: localDateTime(l.date, l.time.slice(0, 5), tz, Number(l.time.slice(6, 8))).toISOString(),
      index: l.line,
    }));
    const early = refused.map((r) => ({ eventId: r.key, index: r.line, reason: r.reason, cardUid: r.pin, tappedAt: r.stamp }));
    const { rejected } = await app.tapIntake.ingest(reader, events, early);
    if (rejected.length) {
      const first = rejected.map((r) => ({ line: r.index, reason: r.reason, event: printable(r.eventId, 80) }));
      request.log.warn({ readerId: reader.id, refused: summarise(first) }, 'ATTLOG lines refused (kept with their reason)');
    }
    // Stored and refused-and-kept lines alike are acknowledged: otherwise the terminal re-sends them forever.
    return text(reply, 200, 'OK');
  });

  app.get('/iclock/getrequest', async (request, reply) => {
    await seen(request.reader!);
    return text(reply, 200, 'OK');
  });

  app.post('/iclock/devicecmd', async (_request, reply) => text(reply, 200, 'OK'));
}
