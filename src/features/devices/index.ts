/** The devices feature's door: its Device Management tabs (the console shell composes the screen). */
export { SmsDevicesTab } from './SmsDevicesTab';
export { FacebookPagesTab } from './FacebookPagesTab';
export { DeviceClaims } from './DeviceClaims';
export type { DeviceTabProps } from './device-tab';
