import type { Feature } from '@core/feature';
import { setupOutbox } from './setup';

/**
 * The notification outbox: intents written with the change that caused them, claimed, expanded into per-channel
 * messages and delivered (SMS through the devices' gateways, Messenger through the school's page) by the worker
 * that runs with the server (server/features/index.ts lists it).
 */
export const outboxFeature: Feature = {
  name: 'outbox',
  setup: setupOutbox,
};

// What other features may use of it: its door (lint allows no other way in).
export { intentColumns, openAttendanceIntent, writeNotificationIntent, writeNotificationIntents } from './intents';
export type { NotificationIntent } from './intents';
export { cancelUnsentNotices } from './cancel';
export { OUTBOX } from './claim';
export { deviceActive } from './finish';
export { getNotification, historyRows, toNotification } from './history';
export type { OutboxWorker } from './worker';
export { peakWaiting, percentile, phonesNeeded, type QueuedNotice } from './capacity';
export { deviceCandidates } from './deliver-sms';
export { isRoutine } from './urgency';
export { sendOutsideQueue, type SendDeps } from './deliver-sms';
export { poolOrder } from './pace';
