import { useState } from 'react';
import { formatDateTime } from '@kit/text/format';
import { deviceBrandColour, SMS_DEVICE_STATUS_LABELS, type SmsDevice } from '@domain/devices/sms-devices';
import { Button, StatusBadge, type Column } from '@kit';
import { DeviceTest } from './DeviceTest';

export interface SmsDeviceActions {
  onEdit: (d: SmsDevice) => void;
  onDelete: (d: SmsDevice) => void;
  deletingId: number | null;
}

/** A phone icon in the brand's colour (physical device name with brand-coloured icon). */
export function PhoneIcon({ deviceName }: { deviceName: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4 flex-none"
      fill="none"
      stroke={deviceBrandColour(deviceName)}
      strokeWidth="2"
    >
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" strokeLinecap="round" />
    </svg>
  );
}

const lastActive = (d: SmsDevice) => (d.lastActive ? formatDateTime(d.lastActive) : 'Never');
const limitText = (d: SmsDevice) => (d.dailyLimit ? `${d.sentToday} / ${d.dailyLimit} today` : `${d.sentToday} today (no limit)`);
const rateText = (d: SmsDevice) => `${d.sendRatePerMinute} a minute`;
/** Attempts the gateway did not accept: apart from Sent, never against the limit. */
const failedText = (d: SmsDevice) => `${d.failedToday} today`;

/** Edit, Delete and Test of one device; Test reveals the phone input under the buttons. */
export function SmsDeviceButtons({
  device,
  onEdit,
  onDelete,
  deletingId,
  onTest,
}: { device: SmsDevice; onTest?: () => void } & SmsDeviceActions) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={() => onEdit(device)} aria-label={`Edit ${device.name}`}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(device)}
        loading={deletingId === device.id}
        aria-label={`Delete ${device.name}`}
      >
        Delete
      </Button>
      {onTest ? (
        <Button size="sm" variant="secondary" onClick={onTest} aria-label={`Test ${device.name}`}>
          Test
        </Button>
      ) : null}
    </div>
  );
}

/** Device card: name, status, physical device, phone, school or Global, default, send rate, last active, actions, Test. */
export function SmsDeviceCard({ device, ...actions }: { device: SmsDevice } & SmsDeviceActions) {
  const [testing, setTesting] = useState(false);
  return (
    <article aria-label={device.name} className="flex h-full flex-col gap-2">
      <div className="flex items-start justify-between gap-2">
        <h2 className="break-words text-base font-semibold text-gray-900">{device.name}</h2>
        <StatusBadge kind="device" value={device.status}>
          {SMS_DEVICE_STATUS_LABELS[device.status]}
        </StatusBadge>
      </div>
      <p className="flex items-center gap-2 text-sm text-gray-700">
        <PhoneIcon deviceName={device.deviceName} />
        {device.deviceName}
      </p>
      <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">Phone</dt>
        <dd className="break-all text-gray-900">{device.phoneNumber}</dd>
        <dt className="text-gray-500">School</dt>
        <dd className="text-gray-900">{device.school?.name ?? 'Global'}</dd>
        <dt className="text-gray-500">Default</dt>
        <dd className="text-gray-900">{device.isDefault ? 'Yes' : 'No'}</dd>
        <dt className="text-gray-500">Send rate</dt>
        <dd className="text-gray-900">{rateText(device)}</dd>
        <dt className="text-gray-500">Sent</dt>
        <dd className="text-gray-900">{limitText(device)}</dd>
        <dt className="text-gray-500">Failed</dt>
        <dd className={device.failedToday ? 'text-red-700' : 'text-gray-900'}>{failedText(device)}</dd>
        <dt className="text-gray-500">API key</dt>
        <dd className="font-mono text-gray-900">{device.apiKey}</dd>
        <dt className="text-gray-500">Last active</dt>
        <dd className="text-gray-900">{lastActive(device)}</dd>
      </dl>
      <div className="mt-auto pt-2">
        <SmsDeviceButtons device={device} {...actions} onTest={() => setTesting((t) => !t)} />
        {testing ? <DeviceTest deviceId={device.id} deviceName={device.name} /> : null}
      </div>
    </article>
  );
}

/** Table view of the same facts. */
export const SMS_DEVICE_COLUMNS: Array<Column<SmsDevice>> = [
  {
    header: 'Device',
    cell: (d) => (
      <div>
        <p className="font-medium text-gray-900">{d.name}</p>
        <p className="flex items-center gap-1 text-xs text-gray-600">
          <PhoneIcon deviceName={d.deviceName} />
          {d.deviceName}
        </p>
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (d) => (
      <StatusBadge kind="device" value={d.status}>
        {SMS_DEVICE_STATUS_LABELS[d.status]}
      </StatusBadge>
    ),
  },
  { header: 'Phone', cell: (d) => d.phoneNumber, className: 'whitespace-nowrap' },
  { header: 'School', cell: (d) => d.school?.name ?? 'Global', detail: 'md' },
  { header: 'Default', cell: (d) => (d.isDefault ? 'Yes' : 'No'), detail: 'md' },
  { header: 'Rate', cell: rateText, className: 'whitespace-nowrap', detail: 'lg' },
  { header: 'Sent', cell: limitText, detail: 'lg' },
  { header: 'Failed', cell: failedText, detail: 'lg' },
  { header: 'Last Active', cell: lastActive, className: 'whitespace-nowrap', detail: 'lg' },
];
