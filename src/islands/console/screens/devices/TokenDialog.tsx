import { useState } from 'react';
import { curlExample } from '../../../../client/stores/rfid-readers';
import type { RfidReaderWithToken } from '../../../../domain/rfid';
import { Button, Modal } from '../../kit';

/** Shows a reader's token once (after create or rotate), with a copy button and a curl example. */
export function TokenDialog({ reader, onClose }: { reader: RfidReaderWithToken | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  if (!reader) return null;
  const copy = async () => {
    await navigator.clipboard?.writeText(reader.token).catch(() => undefined);
    setCopied(true);
  };
  const zk = reader.kind === 'ZKTECO';
  return (
    <Modal
      open
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      title={`Token for ${reader.name}`}
      size="lg"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <p className="mb-3 text-sm text-gray-700">
        Copy this token now: it is shown only once. The server keeps only a hash of it; issue a new token if it is lost.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="reader-token" className="min-w-0 flex-1 break-all rounded bg-gray-100 px-3 py-2 font-mono text-sm">
          {reader.token}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {zk ? (
        <p className="mt-4 text-sm text-gray-700">
          ZKTeco terminals do not send this token: point the terminal&apos;s ADMS server to this site; it is recognised by its
          serial number <strong>{reader.serialNumber}</strong>
          {reader.allowedNetworks ? ' and its allowed networks' : ''}.
        </p>
      ) : (
        <>
          <p className="mt-4 mb-2 text-sm font-medium text-gray-700">Example tap:</p>
          <pre className="overflow-x-auto rounded bg-gray-900 p-3 text-xs text-gray-100">
            {curlExample(location.origin, reader.token)}
          </pre>
        </>
      )}
    </Modal>
  );
}
