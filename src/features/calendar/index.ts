/** The calendar feature's door: what other features may use of it. */
export { fetchCalendar } from './api';
