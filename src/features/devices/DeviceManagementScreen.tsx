import { useState, type ComponentType } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ScreenHeading } from '@kit/ScreenHeading';
import { Button, tabClass, useListQuery } from '@kit';
import { FacebookPagesTab } from './FacebookPagesTab';
import { SmsDevicesTab } from './SmsDevicesTab';
import { DEVICE_DEFAULTS, RfidReadersTab } from '@features/rfid';
import type { DeviceTabProps } from './device-tab';

/** The tabs, in order. A new tab (e.g. RFID Readers) is one entry here and its own file. */
const TABS: Array<{ key: string; label: string; addLabel: string; component: ComponentType<DeviceTabProps> }> = [
  { key: 'sms', label: 'SMS Devices', addLabel: 'Add Device', component: SmsDevicesTab },
  { key: 'facebook', label: 'Facebook Pages', addLabel: 'Add Facebook Page', component: FacebookPagesTab },
  { key: 'rfid', label: 'RFID Readers', addLabel: 'Add Reader', component: RfidReadersPanel },
];

/** The readers tab opens its dialog while a header click is pending, and marks it handled when done. */
function RfidReadersPanel({ list, addRequest }: DeviceTabProps) {
  const [handled, setHandled] = useState(0);
  return <RfidReadersTab list={list} adding={addRequest > handled} onAdded={() => setHandled(addRequest)} />;
}

/** Spec §2 Device Management (/super-admin/device-management): one tab per kind of device, header button by tab. */
export default function DeviceManagementScreen() {
  const list = useListQuery(DEVICE_DEFAULTS);
  const index = Math.max(
    0,
    TABS.findIndex((t) => t.key === list.query.tab),
  );
  const current = TABS[index]!;
  const [addRequest, setAddRequest] = useState(0);
  return (
    <div>
      <ScreenHeading title="Device Management">
        <Button onClick={() => setAddRequest((n) => n + 1)}>+ {current.addLabel}</Button>
      </ScreenHeading>
      <TabGroup
        selectedIndex={index}
        onChange={(i) => {
          setAddRequest(0);
          list.setQuery({ tab: TABS[i]?.key ?? 'sms', search: '', schoolId: '', retired: '' });
        }}
      >
        <TabList className="mb-4 flex overflow-x-auto border-b border-gray-200">
          {TABS.map((t) => (
            <Tab key={t.key} className={tabClass}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {TABS.map((t) => (
            <TabPanel key={t.key}>
              <t.component list={list} addRequest={t.key === current.key ? addRequest : 0} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
