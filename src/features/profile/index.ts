/** The profile feature's door: what other features may use of it. */
export { ChangePasswordModal } from './ChangePasswordModal';
export type { PasswordForm } from './store';
