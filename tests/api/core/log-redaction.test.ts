import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScript, waitFor, type ScriptProcess } from '../../helpers/processes';
import { redactQuery } from '@core/http/log-redaction';

/*
 * Secrets in URLs (Messenger's verify token, a ZKTeco serial number, a token a client put in the
 * query) never reach the request log. A real server process at LOG_LEVEL=info; its own output is read.
 */
const VERIFY = 'verify-TOKEN-7c1f';
const SERIAL = 'SERIAL-ZK-5521';
const ACCESS = 'EAAB-access-9d0e';

describe('request logs', () => {
  let server: ScriptProcess;
  let base: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-redaction-'));
  beforeAll(async () => {
    server = await startScript(
      'scripts/serve.ts',
      {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        SCRYPT_COST: '1024',
        ABSENCE_JOB: '0',
        // Load shedding (503) is tested on its own; a loaded test machine must not trip it here.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        OUTBOX_WORKER: '0',
        MESSENGER_VERIFY_TOKEN: VERIFY,
      },
      /PORT (\d+)/,
    );
    base = `http://127.0.0.1:${server.match[1]}`;
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keep the path and the parameter names, never the values', async () => {
    const verified = await fetch(`${base}/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=42`);
    expect(verified.status).toBe(200);
    await fetch(`${base}/iclock/cdata?SN=${SERIAL}&options=all`);
    await fetch(`${base}/api/health?access_token=${ACCESS}`);
    // The logger writes asynchronously: the last request's line comes after the others'.
    await waitFor(() => server.output().includes('"url":"/api/health?'), 5000, 'the log lines', 10);
    const log = server.output();
    expect(log).toContain(
      '"url":"/api/webhooks/messenger?hub.mode=[REDACTED]&hub.verify_token=[REDACTED]&hub.challenge=[REDACTED]"',
    );
    expect(log).toContain('"url":"/iclock/cdata?SN=[REDACTED]&options=[REDACTED]"');
    for (const secret of [VERIFY, SERIAL, ACCESS]) expect(log.split('\n').filter((l) => l.includes(secret))).toEqual([]);
  });

  it('redactQuery leaves a URL without a query as it is', () => {
    expect(redactQuery('/api/health')).toBe('/api/health');
    expect(redactQuery('/a?x')).toBe('/a?x=[REDACTED]');
    expect(redactQuery('/a?')).toBe('/a?');
  });
});
