/**
 * The API server as a separate process, for tests and benches that need one (a second replica, a process to
 * SIGKILL, a server that does not share the load generator's event loop): the real app configured from the
 * environment (DATA_DIR, DATABASE_URL, PG_SCHEMA, REDIS_URL, …) on PORT (default: a free one), printed as
 * `PORT <n>` once listening. API only (no static site).
 */
import { buildApp } from '../server/app';
import { loadConfig } from '@core/config';

// PORT may be 0 (any free port) here, which the server's own PORT check refuses.
const config = { ...loadConfig({ ...process.env, PORT: undefined }), staticDir: undefined };
const app = await buildApp(config);
// bench:taps only: the HTTP stack's own ceiling (bench/taps.ts). Not a production route.
if (process.env.BENCH_NOOP_ROUTE === '1') (await import('../bench/noop-route')).addNoopTapRoute(app);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
