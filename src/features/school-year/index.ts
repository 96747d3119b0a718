// The school year feature's door: its screen is loaded by the console's routes.
export { $rollover } from './store';
