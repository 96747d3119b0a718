import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@core/config';

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(4321);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.sqliteFile).toBe(path.resolve('data', 'app.db'));
    expect(c.uploadDir).toBe(path.resolve('data', 'uploads'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.schoolTimezone).toBe('Asia/Manila');
    expect(c.smsGatewayUrl).toBe('https://api.httpsms.com');
    expect(c.graphApiUrl).toBe('https://graph.facebook.com/v25.0');
  });

  it('resolves relative directories to absolute paths (the static plugin requires them)', () => {
    const c = loadConfig({ DATA_DIR: 'tmp/x', STATIC_DIR: 'dist' });
    expect(c.staticDir).toBe(path.resolve('dist'));
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(path.isAbsolute(c.uploadDir)).toBe(true);
  });

  it('selects PostgreSQL for a postgres:// URL and SQLite when it is empty', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses a bad setting with one line naming the variable and what it expects', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'Invalid PORT="abc": expected a whole number from 1 to 65535'],
      [{ PORT: '70000' }, 'Invalid PORT="70000": expected a whole number from 1 to 65535'],
      [{ DATABASE_URL: 'mysql://u@h/db' }, 'Invalid DATABASE_URL="mysql://u@h/db": expected empty (SQLite) or a postgres:// URL'],
      [
        { SCHOOL_TIMEZONE: 'Mars/Olympus' },
        'Invalid SCHOOL_TIMEZONE="Mars/Olympus": expected an IANA time zone such as Asia/Manila',
      ],
      [
        { LOGIN_RATE_PER_MINUTE: 'ten' },
        'Invalid LOGIN_RATE_PER_MINUTE="ten": expected a whole number from 1 to 9007199254740991',
      ],
      [
        { PUBLIC_FORM_RATE_PER_MINUTE: '-5' },
        'Invalid PUBLIC_FORM_RATE_PER_MINUTE="-5": expected a whole number from 1 to 9007199254740991',
      ],
      [
        { TRUST_PROXY: 'true' },
        'Invalid TRUST_PROXY="true": expected a hop count (1 = one proxy in front) or a comma-separated list of proxy addresses/CIDRs',
      ],
      [{ API_DOCS: 'off' }, 'Invalid API_DOCS="off": expected 0 (off) or 1 (on)'],
      [{ PUBLIC_API_DOCS: 'yes' }, 'Invalid PUBLIC_API_DOCS="yes": expected 0 (staff only) or 1 (anyone)'],
      [{ SMS_GATEWAY_URL: 'httpsms' }, 'Invalid SMS_GATEWAY_URL="httpsms": expected an http:// or https:// URL'],
      [
        { SMS_WEBHOOK_AUDIENCE: 'school.test/api/webhooks/sms' },
        'Invalid SMS_WEBHOOK_AUDIENCE="school.test/api/webhooks/sms": expected an http:// or https:// URL',
      ],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('checks httpSMS webhook tokens for its issuer by default; the audience URL only when given', () => {
    expect(loadConfig({})).toMatchObject({ smsWebhookIssuer: 'api.httpsms.com', smsWebhookAudience: undefined });
    expect(loadConfig({ SMS_WEBHOOK_AUDIENCE: 'https://school.test/api/webhooks/sms' }).smsWebhookAudience).toBe(
      'https://school.test/api/webhooks/sms',
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never "every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  it('sends reset e-mails only with an smtp(s):// URL and the site address the links are built from', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const mail = loadConfig({ SMTP_URL: 'smtps://u:p@mail.school.test:465', SITE_URL: 'https://attendance.school.test/' });
    expect(mail).toMatchObject({ smtpUrl: 'smtps://u:p@mail.school.test:465', siteUrl: 'https://attendance.school.test' });
    expect(() => loadConfig({ SMTP_URL: 'mail.school.test' })).toThrow(
      'Invalid SMTP_URL="mail.school.test": expected empty (no e-mail) or an smtp:// or smtps:// URL',
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.school.test' })).toThrow(
      /^Invalid SITE_URL=undefined: expected the site's https:\/\/ address/,
    );
  });

  it('refuses a hop count on an address clients reach directly (they would write their own X-Forwarded-For)', () => {
    const message =
      'Invalid TRUST_PROXY="1" with HOST="0.0.0.0": a client connecting directly could choose its own address with ' +
      "X-Forwarded-For. List the proxy's addresses instead (TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.5,10.0.0.6), " +
      'or listen on loopback only (HOST=127.0.0.1).';
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(message);
    expect(() => loadConfig({ TRUST_PROXY: '2', HOST: '192.168.1.10' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '1', HOST: '::' })).toThrow(ConfigError);
    // Loopback is reached through the proxy only; listed proxies are safe on any address.
    expect(loadConfig({ TRUST_PROXY: '1', HOST: '::1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1', HOST: 'localhost' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('makes the server refuse to start: the message on stderr, exit code 1, nothing listening', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', DATA_DIR: path.join(os.tmpdir(), 'config-refused') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid PORT="abc": expected a whole number from 1 to 65535');
    expect(run.stdout).toBe('');
  });
});
