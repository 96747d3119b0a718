import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import authRoutes from './routes';
import { adminPasswordRoutes, adminSignInRoutes } from './admin-routes';
import { signInRoutes } from './sign-in-routes';
import { adminSlipRoutes, recoveryRoutes, studentSlipRoutes } from './recovery-routes';

/** The auth feature: its routes (server/features/index.ts lists it). */
export const authFeature: Feature = {
  name: 'auth',
  open: [
    { routes: authRoutes, prefix: '/api/super-admin' },
    { routes: adminSignInRoutes, prefix: '/api/admin' },
    // The one /login page: finds the account's role and signs in that one.
    { routes: signInRoutes, prefix: '/api' },
    // Forgotten passwords: a link by e-mail (staff, when SMTP is set) or a slip from a person.
    { routes: recoveryRoutes, prefix: '/api' },
  ],
  superAdmin: [studentSlipRoutes(SUPER_ADMIN_SCOPE), adminSlipRoutes],
  admin: [adminPasswordRoutes, studentSlipRoutes(ADMIN_SCOPE)],
};

// What the app wiring uses of it: the first super admin, created at the start when none exists.
export { ensureSuperAdmin } from './bootstrap';
