import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers of every response (README "Security headers"). The Content-Security-Policy allows
 * scripts from this site only, plus the exact inline scripts of the built pages (Astro's island loader),
 * by their SHA-256 hashes computed from `staticDir` at startup — no 'unsafe-inline' for scripts. Images and
 * connections stay on this origin (blob: for the previews of chosen pictures, data: for inline icons,
 * ws:/wss: to this same host for socket.io). Styles keep 'unsafe-inline' (Astro and React inline styles).
 */
export interface SecurityHeadersOptions {
  /** The built site; undefined → API only (no inline scripts to allow). */
  staticDir?: string;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' of every inline script (not `src=`, not a data block such as JSON-LD) in the site's HTML files. */
export function inlineScriptHashes(staticDir: string | undefined): string[] {
  if (!staticDir || !fs.existsSync(staticDir)) return [];
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html')) {
        for (const [, attrs = '', body = ''] of fs.readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
          if (/\bsrc\s*=/i.test(attrs) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || !body) continue;
          hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        }
      }
    }
  };
  walk(staticDir);
  return [...hashes].sort();
}

// A Host header that is a plain host[:port] (anything else could smuggle directives into the policy).
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** ws: and wss: to the host the page came from (socket.io's upgrade); nothing for an odd Host header. */
function sameHostSockets(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const scriptHashes = inlineScriptHashes(opts.staticDir);
  // One helmet middleware, built once: @fastify/helmet builds it anew (parsing every option) on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", (req) => sameHostSockets(req)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
