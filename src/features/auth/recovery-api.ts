import { requestBody } from '@kit/http';

/** POST /api/password-reset/request: the same answer for every address; `byEmail` says whether a link may come. */
export const askForReset = (email: string) =>
  requestBody<{ byEmail: boolean }>('Could not send the request. Please try again.', (api) =>
    api.post('password-reset/request', { json: { email } }),
  );

/** POST /api/password-reset: a link's token or a slip's code, and the new password. */
export const resetPassword = (token: string, newPassword: string) =>
  requestBody<null>('Could not change the password. Please try again.', (api) =>
    api.post('password-reset', { json: { token, newPassword } }),
  );

/** POST …/students/:id/reset-slip or /api/super-admin/admins/:id/reset-slip (path relative to /api). */
export const issueResetSlip = (path: string) =>
  requestBody<{ code: string; expiresAt: string; accountName: string; signInAs: string }>(
    'Could not issue a reset slip. Please try again.',
    (api) => api.post(path),
  );
