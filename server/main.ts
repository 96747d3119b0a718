import { checkConfigOrExit, ConfigError } from '@core/config';
import { buildApp } from './app';

const config = checkConfigOrExit();
// A setting that only the data can judge (the secrets key) stops the start the same way: one line, exit code 1.
const app = await buildApp(config).catch((err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
});

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Serving site, console and API on http://localhost:${config.port}`);
