/**
 * A second server process for the multi-process live test (tests/api/realtime.test.ts): the real app from the
 * environment (DATA_DIR, REDIS_URL, …) on a free port, which it prints as `PORT <n>` once listening.
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

const config = { ...loadConfig(), staticDir: undefined, absenceJob: false };
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
