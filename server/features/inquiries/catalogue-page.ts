import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CATALOGUE_DATA_ID } from '@domain/systems/catalogue';
import { systemSchema, type System } from '@domain/systems';
import { listSystems } from '../systems';

const systemList = z.array(systemSchema);

/**
 * The systems as a JSON data block for the page, shaped as GET /api/inquiries/systems answers them (the same schema).
 * '<' is escaped, so no description ('</script>', '<!--') can end the block; JSON.parse reads \u003c back as '<'.
 */
export const catalogueDataScript = (systems: System[]): string =>
  `<script type="application/json" id="${CATALOGUE_DATA_ID}">${JSON.stringify(systemList.parse(systems)).replace(/</g, '\\u003c')}</script>`;

/**
 * /systems with its catalogue in it: the pre-rendered page as the build wrote it, plus the systems
 * before `</body>`, so the island shows them without a request of its own and without loading the API client (ky)
 * first. Read per request (a rebuilt site is served as built); when the systems cannot be read the page goes out
 * as built and the island fetches them. /systems/index.html stays the plain file.
 */
export function registerCataloguePage(app: FastifyInstance, staticDir: string): void {
  const file = path.join(staticDir, 'systems', 'index.html');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await fs.readFile(file, 'utf8');
    let page = html;
    const end = html.lastIndexOf('</body>');
    if (end >= 0) {
      try {
        page = html.slice(0, end) + catalogueDataScript(await listSystems(app.db)) + html.slice(end);
      } catch (err) {
        request.log.warn({ err }, 'systems left out of /systems: the page fetches them');
      }
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  };
  // Pages are compressed at build time (scripts/compress-dist.mjs); this one is compressed as it is sent.
  const options = { compress: { customTypes: /^text\/html\b/ } };
  app.get('/systems', options, handler);
  app.get('/systems/', options, handler);
}
