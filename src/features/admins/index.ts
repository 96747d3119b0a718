/** The admins feature's door: what other features may use of it. */
export { $schoolChoices, loadSchoolChoices } from './store';
export { $adminAccount, loadAdminAccount } from './account-store';
export { NoAccessPanel } from './NoAccessPanel';
