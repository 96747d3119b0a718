import { useMemo, useState } from 'react';
import { deleteInquiry, fetchInquiries } from './api';
import type { Inquiry } from '@domain/inquiries';
import { filterInquiries, INQUIRY_LIST_TEXTS, inquiryPageSize } from './inquiry-list';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { Button, DataTable, ErrorBanner, Pager, pageOfItems, useConfirm, useListQuery, useListResource } from '@kit';
import { INQUIRY_COLUMNS } from './inquiryColumns';
import { InquiryDetailsModal } from './InquiryDetailsModal';
import { INQUIRY_DEFAULTS, InquiryFilters } from './InquiryFilters';

/**
 * Inquiries Management: the whole list from GET /api/inquiries, filtered and paged in the browser
 * (filters, page and page size in the URL), a details modal, and delete with confirmation (the list reloads).
 */
export default function InquiriesScreen() {
  const list = useListQuery(INQUIRY_DEFAULTS);
  const inquiries = useListResource(fetchInquiries, 'inquiries');
  const { email, subject, startDate, endDate } = list.query;
  const limit = inquiryPageSize(list.query.limit);
  const [viewing, setViewing] = useState<Inquiry | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  const shown = useMemo(
    () => filterInquiries(inquiries.data ?? [], { email, subject, startDate, endDate }),
    [inquiries.data, email, subject, startDate, endDate],
  );
  const { rows, pagination } = pageOfItems(shown, list.query.page, limit);

  const open = (q: Inquiry) => {
    setActionError(null);
    setViewing(q);
  };
  const close = () => {
    setActionError(null);
    setViewing(null);
  };

  async function remove(q: Inquiry) {
    setActionError(null);
    const ok = await confirm({ title: 'Delete Inquiry', message: INQUIRY_LIST_TEXTS.confirmDelete, confirmLabel: 'Delete' });
    if (!ok) return;
    setDeletingId(q.id);
    try {
      await deleteInquiry(q.id);
      setViewing((v) => (v?.id === q.id ? null : v));
      inquiries.reload();
    } catch (err) {
      setActionError(err instanceof Error && err.message ? err.message : 'Failed to delete inquiry');
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <div>
      <ScreenHeading title={INQUIRY_LIST_TEXTS.title} />
      {/* A failed delete; a failed load shows in the table itself ('Error: …' with Try Again). */}
      <ErrorBanner message={viewing ? null : actionError} onDismiss={() => setActionError(null)} className="mb-4" />
      <InquiryFilters list={list} limit={limit} />
      <DataTable
        caption="Inquiries"
        columns={INQUIRY_COLUMNS}
        rows={inquiries.data ? rows : null}
        rowKey={(q) => q.id}
        rowActions={(q) => (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => open(q)} aria-label={`View inquiry from ${q.email}`}>
              View
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => void remove(q)}
              loading={deletingId === q.id}
              aria-label={`Delete inquiry from ${q.email}`}
            >
              Delete
            </Button>
          </div>
        )}
        loading={inquiries.loading}
        error={inquiries.error}
        onRetry={inquiries.reload}
        emptyText={INQUIRY_LIST_TEXTS.empty}
      />
      {/* The requested page, so that a page past the end (an old link, a delete) is replaced by the last one. */}
      <Pager
        pagination={{ ...pagination, page: list.query.page }}
        onPage={list.setPage}
        variant="ellipsis"
        summary="range"
        noun="inquiries"
      />
      <InquiryDetailsModal
        inquiry={viewing}
        onClose={close}
        onDelete={(q) => void remove(q)}
        deleting={viewing !== null && deletingId === viewing.id}
        error={actionError}
      />
      {dialog}
    </div>
  );
}
