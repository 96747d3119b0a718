import { useState } from 'react';
import { fetchOpenClaims, resolveClaim } from './claims-api';
import { DEVICE_CLAIM_KIND_LABELS, type DeviceClaim, type DeviceClaimKind } from '@domain/devices/device-claims';
import { formatDateTime } from '@kit/text/format';
import { Button, DataTable, useActionNotice, useConfirm, useListResource } from '@kit';

const schoolName = (s: DeviceClaim['school']) => (s ? s.name : 'No school');

/**
 * Device Management (the super admin's console only): schools' claims on a reader serial or Facebook Page ID that
 * another school holds. The school was told only that the value is not available; here the vendor grants it (the
 * record moves to the claiming school) or refuses it. `onResolved` reloads the tab's list after a change.
 */
export function DeviceClaims({ kind, onResolved }: { kind: DeviceClaimKind; onResolved?: () => void }) {
  const claims = useListResource((signal) => fetchOpenClaims(kind, signal), `claims:${kind}`);
  const { confirm, dialog } = useConfirm();
  const notice = useActionNotice();
  const [busy, setBusy] = useState<number | null>(null);
  const label = DEVICE_CLAIM_KIND_LABELS[kind];
  const headingId = `claims-${kind.toLowerCase()}`;

  const resolve = async (c: DeviceClaim, decision: 'GRANT' | 'REFUSE') => {
    const holder = c.holder ? `${c.holder.name} (${schoolName(c.holder.school)})` : 'no record any more';
    const message =
      decision === 'GRANT'
        ? `Give ${c.value} to ${schoolName(c.school)}? It is held by ${holder}; the record moves to the claiming school.`
        : `Refuse ${schoolName(c.school)}'s claim on ${c.value}? The record stays where it is.`;
    const ok = await confirm({
      title: decision === 'GRANT' ? 'Grant claim' : 'Refuse claim',
      message,
      confirmLabel: decision === 'GRANT' ? 'Grant' : 'Refuse',
      tone: decision === 'GRANT' ? 'primary' : undefined,
    });
    if (!ok) return;
    setBusy(c.id);
    try {
      const result = await resolveClaim(c.id, decision);
      notice.report({ ok: true, message: result.message ?? null });
      claims.reload();
      onResolved?.();
    } catch (err) {
      notice.report({ ok: false, message: err instanceof Error ? err.message : null });
      claims.reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-2 text-base font-semibold text-gray-900">
        Claims to Review
      </h2>
      <p className="mb-3 text-sm text-gray-600">
        A school asked for a {label.toLowerCase()} another school holds. The school was told only that it is not available.
      </p>
      {notice.view}
      <DataTable
        caption={`Claims on a ${label.toLowerCase()}`}
        columns={[
          { header: label, className: 'font-mono text-xs [overflow-wrap:anywhere]', cell: (c) => c.value },
          { header: 'Claimed By', cell: (c) => `${schoolName(c.school)} · ${c.adminName}` },
          {
            header: 'Held By',
            detail: 'md',
            cell: (c) => (c.holder ? `${c.holder.name} · ${schoolName(c.holder.school)}` : 'Nobody (free now)'),
          },
          { header: 'Claimed At', className: 'whitespace-nowrap', detail: 'md', cell: (c) => formatDateTime(c.createdAt) },
        ]}
        rows={claims.data}
        rowKey={(c) => c.id}
        loading={claims.loading}
        error={claims.error}
        onRetry={claims.reload}
        emptyText="No claims to review"
        rowActions={(c) => (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy === c.id} onClick={() => void resolve(c, 'GRANT')}>
              Grant
            </Button>
            <Button size="sm" variant="danger" disabled={busy === c.id} onClick={() => void resolve(c, 'REFUSE')}>
              Refuse
            </Button>
          </div>
        )}
      />
      {dialog}
    </section>
  );
}
