/**
 * The Device Management screen's list state (tab, school filter, search, view, retired), kept in the address so
 * reload and Back keep it. Its tabs (SMS devices, Facebook pages, RFID readers) share it; it lives here because the
 * readers tab is the one that needs the retired filter, and the devices screen imports the readers tab.
 */
export const DEVICE_DEFAULTS = { tab: 'sms', schoolId: '', search: '', view: 'cards', retired: '' };
