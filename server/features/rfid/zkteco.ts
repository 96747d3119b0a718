/*
 * ZKTeco ADMS ("iClock push") protocol pieces. Terminals post attendance logs as
 * tab-separated lines: PIN \t YYYY-MM-DD HH:MM:SS \t status \t verify \t workcode … in device-local time.
 */

import { isSafeText } from '@domain/validation';
import { printable } from '@shared/printable';

export interface AttLogLine {
  pin: string;
  /** 'YYYY-MM-DD' and 'HH:MM:SS' as the device printed them (local time of the reader's school). */
  date: string;
  time: string;
  status: string;
  verify: string;
  /** 1-based line number in the post. */
  line: number;
}

/** A line that cannot become a tap: kept as a refusal under `key` (the accepted lines' eventId form where possible). */
export interface RefusedLine {
  line: number;
  key: string;
  pin: string | null;
  stamp: string | null;
  reason: string;
  /** The line for the log: escaped and shortened. */
  text: string;
}

/**
 * What one ATTLOG post may carry. ADMS terminals upload a few hundred lines at a time (and one line per punch in
 * real-time mode), so these leave room; a post over either is answered 413 before anything is stored.
 */
export const ATTLOG_MAX_LINES = 1000;
export const ATTLOG_MAX_BYTES = 256 * 1024;
export const ATTLOG_MESSAGES = {
  bytes: `Too large: at most ${ATTLOG_MAX_BYTES} bytes (256 KB) per post`,
  lines: `Too many lines: at most ${ATTLOG_MAX_LINES} attendance lines per post`,
  notLog: 'Not an attendance log line (PIN, tab, YYYY-MM-DD HH:MM:SS)',
  unsafe: 'Line contains control or text-direction characters',
  pin: 'PIN is longer than 64 characters',
  long: 'Line is longer than 512 characters',
  impossible: (stamp: string) => `Impossible date or time "${printable(stamp, 40)}"`,
} as const;

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const MAX_LINE = 512;

/** A real calendar day and a time of day: no rolling over (08:75:00 is not 09:15, 25:61:61 not the next day). */
function possible(m: RegExpExecArray): boolean {
  const [y, mo, d, h, mi, sec] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days && h <= 23 && mi <= 59 && sec <= 59;
}

/** The non-empty lines of a post (what the line cap counts). */
export const attLogLines = (body: string) =>
  body
    .split(/\r?\n/)
    .map((raw, i) => ({ raw, line: i + 1 }))
    .filter((l) => l.raw.trim() !== '');

/** Parses an ATTLOG body strictly: each line is a log or a refused line with its reason. */
export function parseAttLog(body: string): { lines: AttLogLine[]; refused: RefusedLine[] } {
  const lines: AttLogLine[] = [];
  const refused: RefusedLine[] = [];
  for (const { raw, line } of attLogLines(body)) {
    const cols = raw.split('\t').map((c) => c.trim());
    const pin = cols[0] || null;
    const stamp = cols[1] || null;
    const refuse = (reason: string) =>
      refused.push({
        line,
        key: pin && stamp ? `${pin}@${stamp.replace(' ', 'T')}` : `line:${raw}`,
        pin,
        stamp,
        reason,
        text: printable(raw, 80),
      });
    const m = STAMP.exec(stamp ?? '');
    if (raw.length > MAX_LINE) refuse(ATTLOG_MESSAGES.long);
    else if (!isSafeText(raw)) refuse(ATTLOG_MESSAGES.unsafe);
    else if (!pin || !m) refuse(ATTLOG_MESSAGES.notLog);
    else if (pin.length > 64) refuse(ATTLOG_MESSAGES.pin);
    else if (!possible(m)) refuse(ATTLOG_MESSAGES.impossible(stamp!));
    else
      lines.push({ pin, date: stamp!.slice(0, 10), time: stamp!.slice(11), status: cols[2] ?? '', verify: cols[3] ?? '', line });
  }
  return { lines, refused };
}

/** What the log says about refused lines: how many, and the first few (each already shortened), never the post. */
export const summarise = <T>(items: T[], first = 5) => ({ count: items.length, first: items.slice(0, first) });

/** The handshake reply to GET /iclock/cdata?SN=…&options=all: send every log in real time, no encryption. */
export function handshakeReply(serial: string, utcOffsetHours: number): string {
  return [
    `GET OPTION FROM: ${serial}`,
    'ATTLOGStamp=None',
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog',
    `TimeZone=${utcOffsetHours}`,
    'Realtime=1',
    'Encrypt=None',
  ].join('\n');
}
