/** Settings shared by playwright.config.ts, the e2e server and the specs (no Playwright imports here). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
export const E2E_STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The two screens every console screen is checked at (team rule: phone and desktop), one Playwright project each. */
export const SCREENS = { phone: { width: 390, height: 900 }, desktop: { width: 1440, height: 900 } } as const;

/** The first super admin, created by buildApp from SUPER_ADMIN_EMAIL/SUPER_ADMIN_PASSWORD. */
export const E2E_SUPER_ADMIN = { email: 'e2e-root@school.test', password: 'E2eRootPass123' };

/** A second super admin for specs that change the password or profile (see tests/e2e/server.ts). */
export const E2E_PROFILE_ADMIN = {
  email: 'e2e-profile@school.test',
  password: 'E2eProfilePass123',
  firstName: 'Paula',
  lastName: 'Profile',
};

/**
 * A student the notification specs message (no students API exists yet, so tests/e2e/server.ts seeds it):
 * SMS_ONLY, parent phone valid for the stand-in gateway, in its own school.
 */
export const E2E_NOTIFY_STUDENT = {
  firstName: 'Liza',
  lastName: 'Notifyme',
  lrn: '900000000001',
  school: 'E2E Notify School',
  acronym: 'E2EN',
};

/** The Messenger app secret of the e2e server: specs sign Facebook's webhook posts with it (opt-in binding). */
export const E2E_MESSENGER_APP_SECRET = 'e2e-messenger-app-secret';
