import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

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

  it('selects PostgreSQL only for a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'mysql://u@h/db' }).databaseUrl).toBeUndefined();
  });
});
