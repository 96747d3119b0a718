import { useState } from 'react';
import { fetchSmsDevices } from './sms-devices-api';
import { removeSmsDevice } from './actions';
import { deviceCountLabel, SMS_DEVICE_MESSAGES, type SmsDevice } from '@domain/devices/sms-devices';
import { Button, CardsOrTable, ErrorBanner, FilterBar, listViewOf, ListViewSwitch, SelectField } from '@kit';
import type { DeviceTabProps } from './device-tab';
import { CapacityPanel } from '@features/capacity';
import { DeviceTest } from './DeviceTest';
import { SMS_DEVICE_COLUMNS, SmsDeviceButtons, SmsDeviceCard } from './SmsDeviceCard';
import { SmsDeviceModal } from './SmsDeviceModal';
import { schoolFilterOptions, useChannelList } from './useChannelList';

/** SMS Devices tab: school filter, cards/table, count, dismissible error banner, empty state, dialog, delete, Test. */
export function SmsDevicesTab({ list, addRequest }: DeviceTabProps) {
  const schoolId = list.query.schoolId;
  const channel = useChannelList<SmsDevice>({
    load: (signal) => fetchSmsDevices(schoolId, signal),
    key: `sms-devices:${schoolId}`,
    addRequest,
    remove: removeSmsDevice,
    deleteTitle: 'Delete Device',
    deleteMessage: SMS_DEVICE_MESSAGES.deleteConfirm,
  });
  const { items: devices, editing } = channel;
  const [testingId, setTestingId] = useState<number | null>(null);

  const actions = { onEdit: channel.open, onDelete: channel.remove, deletingId: channel.deletingId };
  const rows = devices.data ?? [];
  const testing = testingId ? rows.find((d) => d.id === testingId) : undefined;

  return (
    <div>
      <ErrorBanner message={channel.banner} onDismiss={channel.dismissBanner} className="mb-4" />
      <FilterBar label="Filter devices" actions={<ListViewSwitch list={list} />}>
        <SelectField
          label="School"
          value={schoolId}
          onChange={(e) => list.setQuery({ schoolId: e.target.value })}
          options={schoolFilterOptions(channel.schools.data)}
        />
      </FilterBar>
      <CapacityPanel schoolId={schoolId} className="mb-4" />
      {devices.data ? (
        <p role="status" className="mb-3 text-sm text-gray-600">
          {deviceCountLabel(rows.length)}
        </p>
      ) : null}
      <CardsOrTable
        view={listViewOf(list.query)}
        label="SMS devices"
        items={devices.data}
        itemKey={(d) => d.id}
        renderCard={(d) => <SmsDeviceCard device={d} {...actions} />}
        columns={SMS_DEVICE_COLUMNS}
        rowActions={(d) => (
          <SmsDeviceButtons device={d} {...actions} onTest={() => setTestingId((id) => (id === d.id ? null : d.id))} />
        )}
        belowTable={
          testing ? (
            <div className="mt-3 max-w-md">
              <DeviceTest key={testing.id} deviceId={testing.id} deviceName={testing.name} />
            </div>
          ) : null
        }
        loading={devices.loading}
        error={rows.length ? null : devices.error}
        onRetry={devices.reload}
        emptyText="No devices found"
        emptyAction={<Button onClick={() => channel.open(null)}>Add Device</Button>}
      />
      {editing ? (
        <SmsDeviceModal
          key={editing.n}
          device={editing.item}
          schools={channel.schools.data ?? []}
          onClose={channel.close}
          onSaved={devices.reload}
        />
      ) : null}
      {channel.dialog}
    </div>
  );
}
