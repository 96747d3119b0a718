import type { Feature } from '@core/feature';
import rfidTapRoutes from './taps-routes';
import zktecoRoutes from './zkteco-routes';
import { rfidReaderRoutes } from './readers-routes';
import { gatePairingRoutes, gateRoutes } from './gate/gate-routes';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { setupRfid } from './setup';

/** The rfid feature: its routes and the work it runs with the server (server/features/index.ts lists it). */
export const rfidFeature: Feature = {
  name: 'rfid',
  setup: setupRfid,
  open: [{ routes: rfidTapRoutes }, { routes: zktecoRoutes }, { routes: gateRoutes }],
  superAdmin: [rfidReaderRoutes(SUPER_ADMIN_SCOPE), gatePairingRoutes(SUPER_ADMIN_SCOPE)],
  admin: [rfidReaderRoutes(ADMIN_SCOPE), gatePairingRoutes(ADMIN_SCOPE)],
};
