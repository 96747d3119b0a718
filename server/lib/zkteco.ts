/*
 * ZKTeco ADMS ("iClock push") protocol pieces (INTEGRATIONS.md §3). Terminals post attendance logs as
 * tab-separated lines: PIN \t YYYY-MM-DD HH:MM:SS \t status \t verify \t workcode … in device-local time.
 */

export interface AttLogLine {
  pin: string;
  /** 'YYYY-MM-DD' and 'HH:MM:SS' as the device printed them (local time of the reader's school). */
  date: string;
  time: string;
  status: string;
  verify: string;
}

const STAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/;

/** Parses an ATTLOG body; lines that are not attendance logs are returned as `bad` (1-based line numbers). */
export function parseAttLog(body: string): { lines: AttLogLine[]; bad: number[] } {
  const lines: AttLogLine[] = [];
  const bad: number[] = [];
  body.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const cols = raw.split('\t').map((c) => c.trim());
    const pin = cols[0] ?? '';
    const m = STAMP.exec(cols[1] ?? '');
    if (!pin || pin.length > 64 || !m) {
      bad.push(i + 1);
      return;
    }
    lines.push({ pin, date: m[1]!, time: m[2]!, status: cols[2] ?? '', verify: cols[3] ?? '' });
  });
  return { lines, bad };
}

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
