/** The capacity feature's door: a school's SMS capacity panel (its dashboard, Device Management). */
export { default as CapacityPanel } from './CapacityPanel';
