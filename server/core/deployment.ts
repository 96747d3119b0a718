import { createHash } from 'node:crypto';

/**
 * Names the data the server processes of one deployment share (their PostgreSQL database and schema, or their
 * SQLite file), for the Redis and PostgreSQL channels they talk on: the nodes of one deployment agree on it, and
 * deployments (or test runs, each in its own schema) sharing one Redis stay apart.
 */
export function deploymentKey(c: { databaseUrl?: string; pgSchema?: string; sqliteFile: string }): string {
  if (c.databaseUrl) return `${new URL(c.databaseUrl).pathname.slice(1)}.${c.pgSchema ?? 'public'}`;
  return createHash('sha256').update(c.sqliteFile).digest('hex').slice(0, 16);
}
