import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handshakeReply, parseAttLog } from '../lib/zkteco';
import { inZone, localDateTime } from '../lib/time';
import { addressAllowed, readerBySerial, type ReaderRow } from '../services/rfid-readers';
import { logRefusedDevice } from '../services/device-refusals';
import { getAttendanceSettings } from '../services/attendance';
import { maskSecret } from '../../src/domain/secrets';

/*
 * ZKTeco ADMS push (issue #11; INTEGRATIONS.md §3). The protocol has no credentials: a terminal names itself
 * by serial number (SN) in the query string. So only registered, active serial numbers are accepted, and a
 * reader with allowed networks only from them; everything else is refused with a plain-text 401/403 and
 * logged. Replies are plain text ('OK') as the terminals expect. What this cannot authenticate: anyone who
 * knows a serial number and can send from an allowed network can post logs as that terminal (README).
 */
type Query = { SN?: string; table?: string };

async function terminal(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<ReaderRow | null> {
  const serial = String((request.query as Query).SN ?? '').trim();
  const reader = serial ? await readerBySerial(app.db, serial) : undefined;
  const refuse = async (status: number, text: string, action: string, details: Record<string, unknown>) => {
    await logRefusedDevice(app.db, request, action, details);
    void reply.status(status).type('text/plain').send(text);
    return null;
  };
  if (!reader || reader.kind !== 'ZKTECO')
    return refuse(401, 'Unknown device', 'REFUSED_ZKTECO_SERIAL', { serial: maskSecret(serial.slice(0, 64)) });
  if (!reader.isActive)
    return refuse(403, 'Device deactivated', 'REFUSED_ZKTECO_INACTIVE', { readerId: reader.id, serial: maskSecret(serial) });
  if (!addressAllowed(reader.allowedNetworks, request.ip)) {
    return refuse(403, 'Network not allowed', 'REFUSED_READER_NETWORK', { readerId: reader.id, serial: maskSecret(serial) });
  }
  return reader;
}

const timeZoneOf = async (app: FastifyInstance, reader: ReaderRow) =>
  reader.schoolId
    ? (await getAttendanceSettings(app.db, reader.schoolId, app.config.schoolTimezone)).timeZone
    : app.config.schoolTimezone;

export default async function zktecoRoutes(app: FastifyInstance) {
  // Terminals send logs as text/plain or with no useful content type: read every body as text here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get('/iclock/cdata', async (request, reply) => {
    const reader = await terminal(app, request, reply);
    if (!reader) return reply;
    const tz = await timeZoneOf(app, reader);
    await app.db.updateTable('rfidReaders').set({ lastSeenAt: new Date().toISOString() }).where('id', '=', reader.id).execute();
    return reply.type('text/plain').send(handshakeReply(reader.serialNumber!, -inZone(new Date(), tz).getTimezoneOffset() / 60));
  });

  app.post('/iclock/cdata', async (request, reply) => {
    const reader = await terminal(app, request, reply);
    if (!reader) return reply;
    const table = String((request.query as Query).table ?? '');
    if (table !== 'ATTLOG') return reply.type('text/plain').send('OK');
    const tz = await timeZoneOf(app, reader);
    const { lines, bad } = parseAttLog(typeof request.body === 'string' ? request.body : '');
    const events = lines.map((l) => ({
      // A log line is unique by person and second: replays of the same line are the same event.
      eventId: `${l.pin}@${l.date}T${l.time}`,
      cardUid: l.pin,
      tappedAt: localDateTime(l.date, l.time.slice(0, 5), tz, Number(l.time.slice(6, 8))).toISOString(),
    }));
    const { rejected } = await app.tapIntake.ingest(reader, events);
    if (bad.length || rejected.length)
      request.log.warn({ readerId: reader.id, badLines: bad, rejected }, 'ATTLOG lines not recorded');
    // 'OK' even for lines we could not use: otherwise the terminal re-sends them forever.
    return reply.type('text/plain').send('OK');
  });

  app.get('/iclock/getrequest', async (request, reply) => {
    const reader = await terminal(app, request, reply);
    if (!reader) return reply;
    await app.db.updateTable('rfidReaders').set({ lastSeenAt: new Date().toISOString() }).where('id', '=', reader.id).execute();
    return reply.type('text/plain').send('OK');
  });

  app.post('/iclock/devicecmd', async (request, reply) => {
    const reader = await terminal(app, request, reply);
    if (!reader) return reply;
    return reply.type('text/plain').send('OK');
  });
}
