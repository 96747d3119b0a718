import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '../../helpers/app';

/** A built site of one page with Astro-like inline scripts, a module script and JSON-LD. */
const LOADER = '(()=>{self.Astro=self.Astro||{};window.dispatchEvent(new Event("astro:load"));})();';
const PAGE = `<!doctype html><html><head>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
<script type="module" src="/_astro/page.js"></script>
</head><body><script>${LOADER}</script><astro-island></astro-island></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directives of a policy as { name: [values] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe(`security headers (${dbKind})`, () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-site-'));
    fs.writeFileSync(path.join(site, 'index.html'), PAGE);
    fs.mkdirSync(path.join(site, 'about'));
    fs.writeFileSync(path.join(site, 'about', 'index.html'), `<html><body><script>${LOADER}</script></body></html>`);
    t = await createTestApp({ staticDir: site });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(site, { recursive: true, force: true });
  });

  it("allows scripts from this site and the built pages' inline scripts by hash, never 'unsafe-inline'", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['script-src']).toEqual(["'self'", sha(LOADER)]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('keeps images and connections on this origin (blob: previews, data: icons, sockets to the same host)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'school.example.org:8443' } });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'", 'ws://school.example.org:8443', 'wss://school.example.org:8443']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('does not let a forged Host header add sources or directives', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: "evil.test; script-src 'unsafe-inline'" },
    });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['connect-src']).toEqual(["'self'", "'self'"]);
    expect(csp['script-src']).toEqual(["'self'", sha(LOADER)]);
  });
});
