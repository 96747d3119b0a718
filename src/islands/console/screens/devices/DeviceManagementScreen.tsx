import { useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ScreenHeading } from '../../layout/ScreenHeading';
import { Button, tabClass, useListQuery } from '../../kit';
import { RfidReadersTab } from './RfidReadersTab';

/*
 * Device Management (spec §2). NOTE for the merge: issue #12 owns this container and its SMS Devices and
 * Facebook Pages tabs; this minimal version (issue #11) only hosts the third tab, 'RFID Readers'.
 */
export const DEVICE_DEFAULTS = { tab: 'rfid', schoolId: '' };

export default function DeviceManagementScreen() {
  const list = useListQuery(DEVICE_DEFAULTS);
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <ScreenHeading title="Device Management">
        <Button onClick={() => setAdding(true)}>Add Reader</Button>
      </ScreenHeading>
      <TabGroup selectedIndex={0}>
        <TabList className="mb-4 flex border-b border-gray-200">
          <Tab className={tabClass}>RFID Readers</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <RfidReadersTab list={list} adding={adding} onAdded={() => setAdding(false)} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
