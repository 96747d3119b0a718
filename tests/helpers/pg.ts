import pg from 'pg';

/** The schema a test database's tables live in (the app runs with PG_SCHEMA set to it). */
export const TEMPLATE_SCHEMA = 'app';

/** One statement on its own connection to the PostgreSQL database at `url`. */
export async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
