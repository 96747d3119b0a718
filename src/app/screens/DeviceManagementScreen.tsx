import { useState, type ComponentType } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { Button, tabClass, useListQuery } from '@kit';
import { DeviceClaims, FacebookPagesTab, SmsDevicesTab, type DeviceTabProps } from '@features/devices';
import { DEVICE_DEFAULTS, RfidReadersTab } from '@features/rfid';
import { isAdminConsole, useCan } from '@kit/console/scope';
import type { AdminPermission } from '@domain/admins/console';

type DeviceTab = {
  key: string;
  label: string;
  addLabel: string;
  component: ComponentType<DeviceTabProps>;
  /** What a school admin needs to see the tab; the super admin sees every tab. */
  permission: AdminPermission;
};

/** The tabs, in order. A new tab (e.g. RFID Readers) is one entry here and its own file. */
const TABS: DeviceTab[] = [
  { key: 'sms', label: 'SMS Devices', addLabel: 'Add Device', component: SmsDevicesTab, permission: 'MANAGE_SMS_DEVICES' },
  {
    key: 'facebook',
    label: 'Facebook Pages',
    addLabel: 'Add Facebook Page',
    component: FacebookPagesTab,
    permission: 'MANAGE_FACEBOOK_PAGES',
  },
  { key: 'rfid', label: 'RFID Readers', addLabel: 'Add Reader', component: RfidReadersPanel, permission: 'MANAGE_RFID_READERS' },
];

/**
 * The readers tab opens its dialog while a header click is pending, and marks it handled when done. The super admin
 * also reviews schools' claims on reader serials here (a granted one moves a reader: the list is read again).
 */
function RfidReadersPanel({ list, addRequest }: DeviceTabProps) {
  const [handled, setHandled] = useState(0);
  const [moved, setMoved] = useState(0);
  return (
    <>
      <RfidReadersTab
        list={list}
        adding={addRequest > handled}
        onAdded={() => setHandled(addRequest)}
        refreshKey={String(moved)}
      />
      {isAdminConsole() ? null : <DeviceClaims kind="RFID_READER" onResolved={() => setMoved((n) => n + 1)} />}
    </>
  );
}

/**
 * Device Management (/super-admin/device-management): one tab per kind of device, each from the feature that owns
 * it, header button by tab. In a school admin's console (/admin/device-management) only the tabs their permissions
 * allow, on their school.
 */
export default function DeviceManagementScreen() {
  const can = useCan();
  const tabs = TABS.filter((t) => can(t.permission));
  const list = useListQuery(DEVICE_DEFAULTS);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === list.query.tab),
  );
  const current = tabs[index];
  const [addRequest, setAddRequest] = useState(0);
  if (!current) return <ScreenHeading title="Device Management" />;
  return (
    <div>
      <ScreenHeading title="Device Management">
        <Button onClick={() => setAddRequest((n) => n + 1)}>+ {current.addLabel}</Button>
      </ScreenHeading>
      <TabGroup
        selectedIndex={index}
        onChange={(i) => {
          setAddRequest(0);
          list.setQuery({ tab: tabs[i]?.key ?? current.key, search: '', schoolId: '', retired: '' });
        }}
      >
        <TabList className="mb-4 flex overflow-x-auto border-b border-gray-200">
          {tabs.map((t) => (
            <Tab key={t.key} className={tabClass}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {tabs.map((t) => (
            <TabPanel key={t.key}>
              <t.component list={list} addRequest={t.key === current.key ? addRequest : 0} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
