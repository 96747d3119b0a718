import { useEffect, useState } from 'react';
import { fetchReaders, fetchUnknownTaps } from './api';
import { fetchSchools } from '@features/schools';
import { followReaderTaps, issueNewToken, removeReader } from './actions';
import type { RfidReader, RfidReaderWithToken } from '@domain/rfid';
import {
  Button,
  CheckboxField,
  DataTable,
  ErrorBanner,
  FilterBar,
  SelectField,
  useActionNotice,
  useConfirm,
  useListResource,
  type ListQueryApi,
} from '@kit';
import { readerColumns } from './readerColumns';
import { ReaderFormModal } from './ReaderFormModal';
import { ReaderSetupDialog } from './ReaderSetupDialog';
import { RefusedTaps } from './RefusedTaps';
import { LateReplays } from './LateReplays';
import { UnknownCards } from './UnknownCards';
import { PairGateDialog } from './PairGateDialog';
import { unpairGate } from './gate-api';
import { PAIRABLE_KINDS } from '@domain/rfid';
import type { DEVICE_DEFAULTS } from './device-list';

/**
 * Device Management → 'RFID Readers': school filter, the readers with online/offline from their last
 * contact, add/edit/delete, a new token (shown once) or a ZKTeco terminal's device setup, and the latest taps of cards no student has. A
 * gate station's pairing code (and unpairing its page), the unknown cards with their assignment to a learner. A
 * reader with taps is retired on delete (kept with its history; listed with 'Show retired readers'), and the
 * readers' refused taps are listed with their reason, and the late replays (taps that changed attendance long after
 * their time) with the reader and who set its token.
 */
export function RfidReadersTab({
  list,
  adding,
  onAdded,
  refreshKey = '',
}: {
  list: ListQueryApi<typeof DEVICE_DEFAULTS>;
  adding: boolean;
  onAdded: () => void;
  /** a change reads the readers again (a reader moved to another school outside this tab) */
  refreshKey?: string;
}) {
  const schoolId = list.query.schoolId;
  const retired = list.query.retired === 'true';
  const readers = useListResource(
    (signal) => fetchReaders(schoolId, retired, signal),
    `readers:${schoolId}:${retired}:${refreshKey}`,
  );
  const schools = useListResource((signal) => fetchSchools(undefined, signal), 'schools');
  const unknown = useListResource(fetchUnknownTaps, 'unknown-taps');
  const { update: updateReaders } = readers;
  const { reload: reloadUnknown } = unknown;
  useEffect(
    () =>
      followReaderTaps({
        onSeen: (tap) =>
          updateReaders((rows) => rows.map((r) => (r.id === tap.readerId ? { ...r, lastSeenAt: tap.receivedAt } : r))),
        onUnknownCard: reloadUnknown,
      }),
    [updateReaders, reloadUnknown],
  );
  const [editing, setEditing] = useState<RfidReader | null>(null);
  // The reader whose setup is shown: a new token (HTTP), or what to enter on a ZKTeco terminal.
  const [setup, setSetup] = useState<RfidReader | RfidReaderWithToken | null>(null);
  // The reader a gate page is being paired with (its pairing code is shown).
  const [pairing, setPairing] = useState<RfidReader | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const notice = useActionNotice();
  // Refusals are read again after each change of the reader list (a deletion, an edit).
  const [changes, setChanges] = useState(0);

  const closeForm = () => {
    setEditing(null);
    onAdded();
  };
  const saved = (r: RfidReader | RfidReaderWithToken) => {
    closeForm();
    readers.reload();
    setChanges((n) => n + 1);
    // A new gate station is paired by code (its page gets the token); other readers are shown their token once.
    if ('token' in r) {
      if (r.kind === 'GATE') setPairing(r);
      else setSetup(r);
    }
  };
  const unpair = async (r: RfidReader) => {
    if (
      !(await confirm({
        message: `Unpair the gate page of ${r.name}? It stops at once and needs a new pairing code.`,
        confirmLabel: 'Unpair',
      }))
    )
      return;
    try {
      const { message } = await unpairGate(r.id);
      notice.report({ ok: true, message: message ?? 'Gate unpaired' });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const rotate = async (r: RfidReader) => {
    if (
      !(await confirm({
        message: `Issue a new token for ${r.name}? The current token stops working at once.`,
        confirmLabel: 'Issue token',
        tone: 'primary',
      }))
    )
      return;
    const result = await issueNewToken(r);
    if (result.ok) setSetup(result.data);
    else setError(result.message);
  };
  const remove = async (r: RfidReader) => {
    const message =
      'Are you sure you want to delete this reader? A reader that has recorded taps is retired instead: disabled and kept with its history.';
    if (!(await confirm({ message, confirmLabel: 'Delete' }))) return;
    const result = await removeReader(r);
    notice.report(result);
    if (result.ok) {
      readers.reload();
      setChanges((n) => n + 1);
    }
  };

  return (
    <div>
      <FilterBar
        label="Reader filters"
        actions={<span className="text-sm text-gray-600">{readers.data ? `${readers.data.length} readers` : ''}</span>}
      >
        <SelectField
          label="School"
          value={schoolId}
          placeholder="All Schools"
          options={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(e) => list.setQuery({ schoolId: e.target.value })}
        />
        <CheckboxField
          label="Show retired readers"
          checked={retired}
          onChange={(on) => list.setQuery({ retired: on ? 'true' : '' })}
        />
      </FilterBar>
      <ErrorBanner message={error} onDismiss={() => setError(null)} className="mb-4" />
      {notice.view}
      <DataTable
        caption="RFID readers"
        columns={readerColumns}
        rows={readers.data}
        rowKey={(r) => r.id}
        loading={readers.loading}
        error={readers.error}
        onRetry={readers.reload}
        emptyText="No RFID readers found"
        rowActions={(r) =>
          r.retiredAt ? (
            <span className="text-sm text-gray-600">Kept for its history</span>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                Edit
              </Button>
              {PAIRABLE_KINDS.includes(r.kind) && r.isActive ? (
                <Button size="sm" variant="secondary" onClick={() => setPairing(r)}>
                  Pair Gate
                </Button>
              ) : null}
              {r.kind === 'GATE' ? (
                <Button size="sm" variant="secondary" onClick={() => void unpair(r)}>
                  Unpair
                </Button>
              ) : r.kind === 'HTTP' ? (
                <Button size="sm" variant="secondary" onClick={() => void rotate(r)}>
                  New Token
                </Button>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setSetup(r)}>
                  Device Setup
                </Button>
              )}
              <Button size="sm" variant="danger" onClick={() => void remove(r)}>
                Delete
              </Button>
            </div>
          )
        }
      />

      <LateReplays schoolId={schoolId} refreshKey={String(changes)} />
      <RefusedTaps schoolId={schoolId} refreshKey={String(changes)} />

      <UnknownCards unknown={unknown} onNotice={(message) => notice.report({ ok: true, message })} />

      <ReaderFormModal
        open={adding || !!editing}
        editing={editing}
        schools={schools.data ?? []}
        onClose={closeForm}
        onSaved={saved}
      />
      <ReaderSetupDialog reader={setup} onClose={() => setSetup(null)} />
      <PairGateDialog reader={pairing} onClose={() => setPairing(null)} />
      {dialog}
    </div>
  );
}
