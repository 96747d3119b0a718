import { useEffect, useState } from 'react';
import type { UnknownTap } from '@domain/rfid';
import type { Student } from '@domain/students';
import { Button, ErrorBanner, Modal, TextField, useDebouncedValue } from '@kit';
import { assignUnknownCard, searchLearners } from './gate-api';

/**
 * 'Assign' on an unknown card: search the tap's school's learners by name or LRN and give the card to one, in
 * one step; the card's earlier taps of that day count for them (the server records them again).
 */
export function AssignCardDialog({
  tap,
  onClose,
  onAssigned,
}: {
  tap: UnknownTap | null;
  onClose: () => void;
  onAssigned: (message: string) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), 300);
  const [found, setFound] = useState<Student[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTerm('');
    setFound(null);
    setError(null);
  }, [tap]);
  useEffect(() => {
    if (!tap?.schoolId || search.length < 2) return setFound(null);
    const abort = new AbortController();
    searchLearners(tap.schoolId, search, abort.signal).then(
      (list) => setFound(list.students),
      (err: Error) => !abort.signal.aborted && setError(err.message),
    );
    return () => abort.abort();
  }, [tap, search]);
  if (!tap) return null;
  const assign = async (student: Student) => {
    setBusy(true);
    try {
      const { message } = await assignUnknownCard(tap.id, student.id);
      onAssigned(message ?? 'Card assigned');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Assign card ${tap.cardUidRaw}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <p className="mb-3 text-sm text-gray-700">
        Give this card to a learner of the reader&apos;s school. Its earlier taps of that day count for them.
      </p>
      <TextField label="Search by name or LRN" value={term} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
      <ErrorBanner message={error} onDismiss={() => setError(null)} className="mt-3" />
      <ul aria-label="Matching learners" className="mt-3 divide-y divide-gray-200">
        {(found ?? []).map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium text-gray-900">
                {s.firstName} {s.lastName}
              </span>{' '}
              <span className="font-mono text-gray-600">{s.lrn}</span>
              {s.rfidCardId ? <span className="ml-2 text-gray-600">(card {s.rfidCardId} will be replaced)</span> : null}
            </span>
            <Button size="sm" disabled={busy} onClick={() => void assign(s)}>
              Assign to {s.firstName}
            </Button>
          </li>
        ))}
      </ul>
      {found && found.length === 0 ? <p className="mt-2 text-sm text-gray-600">No learner matches.</p> : null}
    </Modal>
  );
}
