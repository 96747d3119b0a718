// What other features may use of the SMS alarms: the dashboards' banner (lint allows no other way in).
export { default as AlarmBanner } from './AlarmBanner';
