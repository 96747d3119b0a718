/** The notifications feature's door: what other features may use of it. */
export { MessengerOptIn } from './MessengerOptIn';
