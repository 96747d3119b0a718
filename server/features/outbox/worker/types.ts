import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '@core/db/index';
import type { OutboxConfig } from '@core/config';
import type { SmsNotification } from '@domain/sms-history';
import type { SendDeps } from '../deliver-sms';

/** What the server holds of the outbox worker, and what it gives it. */
export interface OutboxWorker {
  start(): void;
  /** Stops claiming and waits for the batch in hand (app close). */
  stop(): Promise<void>;
  /** Wakes the loop now (a message was just queued). */
  kick(): void;
  /** One claim-and-process pass; returns how many rows it handled (tests, bench). */
  runOnce(): Promise<number>;
  /** Whether the last pass was idle: nothing due, or every row of a short batch waited for a busy phone. */
  idle(): boolean;
}

export interface WorkerDeps extends SendDeps {
  db: DB;
  config: OutboxConfig;
  log: FastifyBaseLogger;
  /** socket.io `sms:sent` with the history row */
  onSent(row: SmsNotification): void;
}
