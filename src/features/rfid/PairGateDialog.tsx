import { useEffect, useState } from 'react';
import type { PairingCode } from '@domain/gate';
import type { RfidReader } from '@domain/rfid';
import { formatSchoolTime } from '@kit/text/format';
import { Button, ErrorBanner, Modal } from '@kit';
import { makePairingCode } from './gate-api';

/**
 * 'Pair Gate': a new single-use pairing code for a reader's gate station page (/gate), with its QR code and when it
 * stops working. Making it replaces the reader's earlier unused code; using it gives the page a new token.
 */
export function PairGateDialog({ reader, onClose }: { reader: RfidReader | null; onClose: () => void }) {
  const [made, setMade] = useState<PairingCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!reader) return;
    setMade(null);
    setError(null);
    makePairingCode(reader.id).then(setMade, (err: Error) => setError(err.message));
  }, [reader]);
  if (!reader) return null;
  const qrUrl = made ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qrSvg)}` : '';
  return (
    <Modal open onClose={onClose} title={`Pair a gate with ${reader.name}`} footer={<Button onClick={onClose}>Done</Button>}>
      <ErrorBanner message={error} className="mb-3" />
      {made ? (
        <div className="grid gap-3 text-sm text-gray-700">
          <p>
            On the gate&apos;s PC or tablet, open <span className="font-mono">{`${location.origin}/gate`}</span> and type this
            code, or scan the QR code with the tablet. It works once, until {formatSchoolTime(made.expiresAt, reader.timeZone)}.
          </p>
          <p data-testid="pairing-code" className="text-center font-mono text-4xl font-bold tracking-widest text-gray-900">
            {made.code}
          </p>
          <img src={qrUrl} alt={`QR code to pair the gate with ${reader.name}`} className="mx-auto h-48 w-48" />
          <p>Pairing gives the gate a new token: a device that used this reader&apos;s token before stops working.</p>
        </div>
      ) : error ? null : (
        <p className="text-sm text-gray-600">Making a code…</p>
      )}
    </Modal>
  );
}
