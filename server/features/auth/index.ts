import type { Feature } from '@core/feature';
import authRoutes from './routes';
import { adminPasswordRoutes, adminSignInRoutes } from './admin-routes';
import { signInRoutes } from './sign-in-routes';

/** The auth feature: its routes (server/features/index.ts lists it). */
export const authFeature: Feature = {
  name: 'auth',
  open: [
    { routes: authRoutes, prefix: '/api/super-admin' },
    { routes: adminSignInRoutes, prefix: '/api/admin' },
    // The one /login page: finds the account's role and signs in that one.
    { routes: signInRoutes, prefix: '/api' },
  ],
  admin: [adminPasswordRoutes],
};
