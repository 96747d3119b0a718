import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { useListQuery } from '@kit';
import { tabClass } from '@kit/display/tabs';
import { OrdersTab } from './OrdersTab';
import { SystemsTab } from './SystemsTab';
import { SYSTEMS_ORDERS_DEFAULTS } from './list-query';

const TABS = ['systems', 'orders'] as const;

/** Systems & Orders Management (/super-admin/systems-and-orders). */
export default function SystemsAndOrdersScreen() {
  const list = useListQuery(SYSTEMS_ORDERS_DEFAULTS);
  const tab = list.query.tab === 'orders' ? 'orders' : 'systems';
  return (
    <div>
      <ScreenHeading title="Systems & Orders Management" />
      <TabGroup
        selectedIndex={TABS.indexOf(tab)}
        onChange={(i) => list.setQuery({ tab: TABS[i] ?? 'systems' }, { keepPage: true })}
      >
        <TabList className="mb-4 flex border-b border-gray-200">
          <Tab className={tabClass}>Systems</Tab>
          <Tab className={tabClass}>Orders</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <SystemsTab list={list} />
          </TabPanel>
          <TabPanel>
            <OrdersTab />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
