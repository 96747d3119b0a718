import type { Feature } from '@core/feature';
import systemLogRoutes from './routes';

/** The system-logs feature: its routes (server/features/index.ts lists it). */
export const systemLogsFeature: Feature = {
  name: 'system-logs',
  superAdmin: [systemLogRoutes],
};
