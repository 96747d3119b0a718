/** The gate feature's door: the /gate page starts it. */
export { startGate } from './gate';
