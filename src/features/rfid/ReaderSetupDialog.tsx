import { useState } from 'react';
import { curlExample } from './actions';
import type { RfidReader, RfidReaderWithToken } from '@domain/rfid';
import { Button, Modal } from '@kit';

/** Where a ZKTeco terminal's ADMS push must point: the address and port this console is served from. */
export function admsServer(loc: Pick<Location, 'hostname' | 'port' | 'protocol'> = location) {
  return { address: loc.hostname, port: loc.port || (loc.protocol === 'https:' ? '443' : '80') };
}

/**
 * What to set on a reader: an HTTP reader's token (after create or rotate; shown once, with a copy button and a
 * curl example); a ZKTeco terminal never sends a token, so for it the server address, port and serial number to
 * enter on the device (after create, and from its row's 'Device Setup' at any time).
 */
export function ReaderSetupDialog({ reader, onClose }: { reader: RfidReader | RfidReaderWithToken | null; onClose: () => void }) {
  if (!reader) return null;
  return reader.kind === 'ZKTECO' ? (
    <ZktecoSetup reader={reader} onClose={onClose} />
  ) : 'token' in reader ? (
    <TokenSetup reader={reader} onClose={onClose} />
  ) : null;
}

function ZktecoSetup({ reader, onClose }: { reader: RfidReader; onClose: () => void }) {
  const { address, port } = admsServer();
  const rows: Array<[string, string]> = [
    ['Server Address', address],
    ['Server Port', port],
    ['Serial Number', reader.serialNumber ?? '-'],
  ];
  return (
    <Modal open onClose={onClose} title={`Device setup for ${reader.name}`} footer={<Button onClick={onClose}>Done</Button>}>
      <p className="mb-3 text-sm text-gray-700">
        ZKTeco terminals push their taps (ADMS) and use no token. On the terminal, open the cloud server (ADMS) settings and
        enter:
      </p>
      <dl aria-label="ZKTeco settings" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="font-mono break-all text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-gray-700">
        The serial number must be the one the terminal reports (System Info → Device Info)
        {reader.allowedNetworks ? ', and the terminal must connect from one of the allowed networks' : ''}.
      </p>
    </Modal>
  );
}

function TokenSetup({ reader, onClose }: { reader: RfidReaderWithToken; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(reader.token).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Modal open onClose={onClose} title={`Token for ${reader.name}`} size="lg" footer={<Button onClick={onClose}>Done</Button>}>
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
      <p className="mt-4 mb-2 text-sm font-medium text-gray-700">Example tap:</p>
      <pre className="overflow-x-auto rounded bg-gray-900 p-3 text-xs text-gray-100">
        {curlExample(location.origin, reader.token)}
      </pre>
    </Modal>
  );
}
