import { useEffect, useState } from 'react';
import { fetchSchools } from '@features/schools';
import { fetchSmsDevices } from './sms-devices-api';
import { removeSmsDevice } from './store';
import { deviceCountLabel, SMS_DEVICE_MESSAGES, type SmsDevice } from '@domain/sms-devices';
import {
  Button,
  CardGrid,
  DataTable,
  ErrorBanner,
  FilterBar,
  SelectField,
  useConfirm,
  useListResource,
  ViewToggle,
  type ListView,
} from '@kit';
import type { DeviceTabProps } from './DeviceManagementScreen';
import { DeviceTest } from './DeviceTest';
import { SMS_DEVICE_COLUMNS, SmsDeviceButtons, SmsDeviceCard } from './SmsDeviceCard';
import { SmsDeviceModal } from './SmsDeviceModal';

type Editing = { device: SmsDevice | null; n: number } | null;

/** Spec §2 SMS Devices tab: school filter, cards/table, count, dismissible error banner, empty state, dialog, delete, Test. */
export function SmsDevicesTab({ list, addRequest }: DeviceTabProps) {
  const schoolId = list.query.schoolId;
  const devices = useListResource((signal) => fetchSmsDevices(schoolId, signal), `sms-devices:${schoolId}`);
  const schools = useListResource((signal) => fetchSchools(undefined, signal), 'schools');
  const view: ListView = list.query.view === 'table' ? 'table' : 'cards';
  const [editing, setEditing] = useState<Editing>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [testingId, setTestingId] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  const open = (device: SmsDevice | null) => setEditing({ device, n: Date.now() });
  useEffect(() => {
    if (addRequest > 0) setEditing({ device: null, n: Date.now() });
  }, [addRequest]);
  // A failed load goes in the dismissible banner as well (spec §2), until the next load.
  useEffect(() => setBanner(devices.error), [devices.error]);

  async function remove(device: SmsDevice) {
    if (!(await confirm({ title: 'Delete Device', message: SMS_DEVICE_MESSAGES.deleteConfirm, confirmLabel: 'Delete' }))) return;
    setDeletingId(device.id);
    const result = await removeSmsDevice(device.id);
    setDeletingId(null);
    if (result.ok) devices.reload();
    else setBanner(result.message);
  }

  const actions = { onEdit: (d: SmsDevice) => open(d), onDelete: (d: SmsDevice) => void remove(d), deletingId };
  const rows = devices.data ?? [];
  const state = {
    loading: devices.loading,
    error: rows.length ? null : devices.error,
    onRetry: devices.reload,
    emptyText: 'No devices found',
    emptyAction: <Button onClick={() => open(null)}>Add Device</Button>,
  };

  return (
    <div>
      <ErrorBanner message={banner} onDismiss={() => setBanner(null)} className="mb-4" />
      <FilterBar
        label="Filter devices"
        actions={<ViewToggle value={view} onChange={(v) => list.setQuery({ view: v }, { keepPage: true, replace: true })} />}
      >
        <SelectField
          label="School"
          value={schoolId}
          onChange={(e) => list.setQuery({ schoolId: e.target.value })}
          options={[
            { value: '', label: 'All Schools' },
            ...(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
      </FilterBar>
      {devices.data ? (
        <p role="status" className="mb-3 text-sm text-gray-600">
          {deviceCountLabel(rows.length)}
        </p>
      ) : null}
      {view === 'cards' ? (
        <CardGrid
          label="SMS devices"
          items={devices.data}
          itemKey={(d) => d.id}
          renderCard={(d) => <SmsDeviceCard device={d} {...actions} />}
          {...state}
        />
      ) : (
        <>
          <DataTable
            caption="SMS devices"
            columns={SMS_DEVICE_COLUMNS}
            rows={devices.data}
            rowKey={(d) => d.id}
            rowActions={(d) => (
              <SmsDeviceButtons device={d} {...actions} onTest={() => setTestingId((id) => (id === d.id ? null : d.id))} />
            )}
            {...state}
          />
          {testingId && rows.some((d) => d.id === testingId) ? (
            <div className="mt-3 max-w-md">
              <DeviceTest key={testingId} deviceId={testingId} deviceName={rows.find((d) => d.id === testingId)!.name} />
            </div>
          ) : null}
        </>
      )}
      {editing ? (
        <SmsDeviceModal
          key={editing.n}
          device={editing.device}
          schools={schools.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={devices.reload}
        />
      ) : null}
      {dialog}
    </div>
  );
}
