/** The auth feature's door: what other features may use of it. */
export { changePassword } from './api';
export { clearSession, rememberRedirect } from './session';
export { ResetSlipButton } from './ResetSlipLazy';
