import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../helpers/config';

/*
 * What a reader got its 200 for survives a power cut, and the files that hold the school's data
 * are the server's own. A fresh DATA_DIR (not yet created) on the default store, SQLite, as `npm start` uses it.
 */
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('the embedded store (SQLite)', () => {
  it('commits durably (synchronous=FULL) and keeps the data directory 0700 and the database files 0600', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-')), 'data');
    const app = await buildApp(testConfig(dataDir, { databaseUrl: undefined }));
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.db);
      expect(rows[0]!.synchronous).toBe(2); // 2 = FULL (1 = NORMAL)
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'uploads'))).toBe(0o700);
      for (const file of ['app.db', 'app.db-wal', 'app.db-shm', 'secret.key'])
        expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
    } finally {
      await app.close();
    }
  });

  it('takes an existing database file that others could read back to 0600', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    const file = path.join(dataDir, 'app.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    const app = await buildApp(testConfig(dataDir, { databaseUrl: undefined }));
    await app.close();
    expect(mode(file)).toBe(0o600);
  });
});
