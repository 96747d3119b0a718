/** The attendance feature's door: what other features may use of it. */
export { fetchAttendanceSettings } from './api';
export { TIME_ZONES, saveSettings } from './settings-actions';
export { LiveEventsCard } from './LiveEventsCard';
export { followAttendance } from './live-store';
export { AbsentRunsList } from './AbsentRunsList';
