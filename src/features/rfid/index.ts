/** The rfid feature's door: what other features may use of it. */
export { DEVICE_DEFAULTS } from './device-list';
export { RfidReadersTab } from './RfidReadersTab';
