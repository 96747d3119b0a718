import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { runDeviceTest } from './actions';
import { SUCCESS_MS } from '@kit';
import { Button, controlClass } from '@kit';

/**
 * Test: reveals a phone input and Send; the result is announced; after a successful send the
 * input is cleared about 2 s later.
 */
export function DeviceTest({ deviceId, deviceName }: { deviceId: number; deviceName: string }) {
  const id = useId();
  const [phone, setPhone] = useState('');
  // The field appears on a click of 'Test': move focus into it (a prop-less focus, so screen readers follow).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; field?: string; reason?: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setResult(null);
    const r = await runDeviceTest(deviceId, phone);
    setSending(false);
    setResult(
      r.ok
        ? { ok: true, text: r.message }
        : { ok: false, text: r.message ?? '', field: r.errors.testPhoneNumber, reason: r.errors.gateway },
    );
    if (r.ok) timer.current = setTimeout(() => setPhone(''), SUCCESS_MS);
  }

  return (
    <form onSubmit={send} noValidate className="mt-3 space-y-2 rounded-md bg-gray-50 p-3" aria-label={`Test ${deviceName}`}>
      <label htmlFor={id} className="block text-xs font-medium text-gray-700">
        Test phone number
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="+639171234567"
          ref={input}
          aria-invalid={result?.field ? true : undefined}
          className={controlClass(!!result?.field)}
        />
        <Button type="submit" size="sm" loading={sending}>
          Send
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm empty:hidden">
        {result ? (
          <p className={result.ok ? 'text-green-700' : 'text-red-700'}>
            {result.text}
            {result.field ? <span className="block text-xs">{result.field}</span> : null}
            {/* The server's reason (the gateway's answer): what to fix on the device or the number. */}
            {result.reason ? <span className="block text-xs">{result.reason}</span> : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
