import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { CATALOGUE_DATA_ID } from '@domain/systems/catalogue';

/** A built /systems page as Astro writes it (the island pre-rendered with its spinner), padded past 1 KB. */
const PAGE = `<!doctype html><html><head><title>Our RFID Systems</title></head><body><h1>Our RFID Systems</h1>
<astro-island><p>Loading systems...</p></astro-island><!-- ${'x'.repeat(2000)} --></body></html>`;
const DATA_BLOCK = new RegExp(`<script type="application/json" id="${CATALOGUE_DATA_ID}">(.*?)</script></body>`, 's');

describe(`/systems carries its catalogue (${dbKind})`, () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-site-'));
    fs.mkdirSync(path.join(site, 'systems'));
    fs.writeFileSync(path.join(site, 'systems', 'index.html'), PAGE);
    t = await createTestApp({ staticDir: site });
    const token = await loginSuperAdmin(t.app);
    const res = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/systems',
      payload: {
        name: 'Gate </script><script>alert(1)</script>',
        description: 'Turnstile <!-- reader',
        features: ['SMS alerts'],
      },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(site, { recursive: true, force: true });
  });

  it('puts the systems, as GET /api/inquiries/systems lists them, into the page before </body>', async () => {
    for (const url of ['/systems', '/systems/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const [, json] = DATA_BLOCK.exec(res.body) ?? [];
      // No description or name can close the block or open a comment: '<' travels as \u003c.
      expect(json).not.toContain('<');
      const api = await t.app.inject({ method: 'GET', url: '/api/inquiries/systems' });
      expect(JSON.parse(json!)).toEqual(api.json().data);
      expect(res.body.replace(DATA_BLOCK, '</body>')).toBe(PAGE);
    }
  });

  it('is compressed for a browser that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/systems', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toMatch(DATA_BLOCK);
  });

  it('goes out as built when the systems cannot be read (the island then fetches them)', async () => {
    const db = t.app.db as unknown as { selectFrom: unknown };
    const selectFrom = db.selectFrom;
    db.selectFrom = () => {
      throw new Error('database down');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/systems' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PAGE);
    } finally {
      db.selectFrom = selectFrom;
    }
  });
});
