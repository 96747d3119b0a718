import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ADMIN } from '../../helpers/app';
import { createEmptyPgDatabase } from '../../helpers/template-db';
import { startScript, type ScriptProcess } from '../../helpers/processes';

/**
 * Two API server processes (scripts/serve.ts) on one PostgreSQL database and one Redis count one password budget per
 * address: LOGIN_RATE_PER_MINUTE guesses spread over both nodes spend it, and the next guess is refused whichever
 * node takes it.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!pgUrl || !redisUrl) {
  console.warn(
    '[skip] two-node sign-in limits: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test and TEST_REDIS_URL=redis://127.0.0.1:6379 to run it',
  );
}

const PER_MINUTE = 10;

interface Node {
  proc: ScriptProcess;
  url: string;
}

async function guess(node: Node, email: string) {
  const res = await fetch(`${node.url}/api/super-admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not-the-password' }),
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message };
}

describe.skipIf(!pgUrl || !redisUrl)('sign-in limits across two API nodes (PostgreSQL + Redis)', () => {
  let database: { url: string; schema: string };
  const dirs: string[] = [];
  const secretsKey = randomBytes(32).toString('base64');
  let node1: Node;
  let node2: Node;

  const startNode = async (): Promise<Node> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-'));
    dirs.push(dataDir);
    const proc = await startScript(
      'scripts/serve.ts',
      {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PG_SCHEMA: database.schema,
        REDIS_URL: redisUrl,
        SECRETS_KEY: secretsKey,
        SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
        SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
        SCRYPT_COST: '1024',
        LOG_LEVEL: 'warn',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        LOGIN_RATE_PER_MINUTE: String(PER_MINUTE),
      },
      /PORT (\d+)/,
    );
    return { proc, url: `http://127.0.0.1:${proc.match[1]}` };
  };

  beforeAll(async () => {
    database = await createEmptyPgDatabase(pgUrl!);
    node1 = await startNode();
    node2 = await startNode();
  }, 90_000);

  afterAll(async () => {
    await Promise.all([node1?.proc.stop(), node2?.proc.stop()]);
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  }, 60_000);

  it('LOGIN_RATE_PER_MINUTE guesses spread over two nodes are limited as one: the next is 429 on either node', async () => {
    // Another email each time: only the address's budget can refuse (no account reaches its own limit).
    for (let i = 0; i < PER_MINUTE; i++) {
      const node = i % 2 === 0 ? node1 : node2;
      expect((await guess(node, `guess${i}@example.com`)).status).toBe(401);
    }
    for (const node of [node1, node2]) {
      const refused = await guess(node, `late-${node.url.length}@example.com`);
      expect(refused.status).toBe(429);
      expect(refused.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    }
  }, 60_000);
});
