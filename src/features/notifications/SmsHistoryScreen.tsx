import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchSmsHistory } from './sms-history-api';
import { subscribeLive } from '@kit/live';
import { insertLive, matchesFilters, SMS_HISTORY_EMPTY, type SmsHistoryPage, type SmsNotification } from '@domain/sms-history';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { Button, DataTable, Pager, useListQuery, useListResource } from '@kit';
import { SendMessageModal } from './SendMessageModal';
import { isAdminConsole, useCan } from '@kit/console/scope';
import { SMS_COLUMNS } from './smsColumns';
import { SMS_DEFAULTS, SmsFilterBar } from './SmsFilterBar';
import { useUncertainActions } from './UncertainActions';

// 'Message a class' loads when first opened (the screen's own chunk stays within its budget).
const GroupMessageModal = lazy(() => import('./GroupMessageModal').then((m) => ({ default: m.GroupMessageModal })));

/**
 * SMS Notifications History: filters, the table (page size 10, up to 5 page links with ellipsis), and
 * live `sms:sent` rows inserted at the top of the loaded page. 'Send message' queues a CUSTOM message.
 */
export default function SmsHistoryScreen() {
  const list = useListQuery(SMS_DEFAULTS);
  const res = useListResource((signal) => fetchSmsHistory({ ...list.filters, page: list.query.page }, signal), list.key);
  const [page, setPage] = useState<SmsHistoryPage | null>(null);
  const [composing, setComposing] = useState(0);
  const [groupMessage, setGroupMessage] = useState(0);
  // A school admin sends with SEND_SMS; resending or dismissing an UNCERTAIN message stays the super admin's.
  const can = useCan();
  useEffect(() => setPage(res.data), [res.data]);
  // Resend/Dismiss of an UNCERTAIN row: the answered row replaces it in place.
  const uncertain = useUncertainActions((row) => setPage((p) => (p ? insertLive(p, row) : p)));

  const { query } = list;
  useEffect(
    () =>
      subscribeLive('sms:sent', (payload) => {
        const row = payload as SmsNotification;
        if (row && typeof row.id === 'number' && matchesFilters(row, query)) setPage((p) => (p ? insertLive(p, row) : p));
      }),
    [query],
  );

  return (
    <div>
      <ScreenHeading title="SMS Notifications History">
        {can('SEND_SMS') ? <Button onClick={() => setComposing(Date.now())}>Send message</Button> : null}
        {can('SEND_SMS') ? (
          <Button variant="secondary" onClick={() => setGroupMessage(Date.now())}>
            Message a class
          </Button>
        ) : null}
      </ScreenHeading>
      <SmsFilterBar list={list} />
      {uncertain.view}
      <DataTable
        caption="SMS notifications"
        columns={SMS_COLUMNS}
        rows={page?.notifications ?? (res.loading ? null : [])}
        rowKey={(n) => n.id}
        loading={res.loading}
        error={res.error}
        onRetry={res.reload}
        emptyText={SMS_HISTORY_EMPTY}
        rowActions={isAdminConsole() ? undefined : uncertain.rowActions}
      />
      <Pager pagination={page?.pagination} onPage={list.setPage} variant="ellipsis" summary="range" noun="notifications" />
      {composing ? <SendMessageModal key={composing} onClose={() => setComposing(0)} /> : null}
      {groupMessage ? (
        <Suspense fallback={null}>
          <GroupMessageModal key={groupMessage} onClose={() => setGroupMessage(0)} />
        </Suspense>
      ) : null}
    </div>
  );
}
