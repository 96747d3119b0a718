import type { ListQueryApi } from '@kit';
import type { DEVICE_DEFAULTS } from '@features/rfid';

/** What every Device Management tab receives: the list query, and a counter the header's Add button raises. */
export interface DeviceTabProps {
  list: ListQueryApi<typeof DEVICE_DEFAULTS>;
  addRequest: number;
}
