import { useState, type FormEvent } from 'react';
import { Button, ErrorBanner, SelectField, TextField } from '@kit';
import { useCan } from '@kit/console/scope';
import { formatCalendarDate } from '@kit/text/format';
import type { Student } from '@domain/students';
import {
  DROPOUT_CODES,
  DROPOUT_REASONS,
  MOVEMENT_KINDS,
  MOVEMENT_LABELS,
  type DropoutCode,
  type MovementKind,
} from '@domain/students/movement';
import { EMPTY_MOVEMENT, recordMovement, type MovementForm } from './actions';

/** Where the learner stands, in words: on the roll since, transferred in from, or left (how, when, where to). */
export function movementText(s: Student): string {
  const since = s.enrolmentDate ? formatCalendarDate(s.enrolmentDate) : null;
  const came = s.transferInFrom
    ? `Transferred in from ${s.transferInFrom}${since ? ` on ${since}` : ''}`
    : since
      ? `Enrolled on ${since}`
      : 'Enrolled';
  if (!s.leftOn) return `${came}; on the roll`;
  const on = formatCalendarDate(s.leftOn);
  if (s.leftReason === 'TRANSFERRED_OUT') return `Transferred out to ${s.leftDetail ?? 'another school'} on ${on}`;
  if (s.leftReason === 'DROPPED_OUT') {
    const code = s.leftDetail?.split(':')[0] as DropoutCode | undefined;
    const why = s.leftDetail?.startsWith('f:') ? s.leftDetail.slice(2).trim() : code ? DROPOUT_REASONS[code] : null;
    return `Dropped out on ${on}${code ? ` (${code}${why ? ` ${why}` : ''})` : ''}`;
  }
  if (s.leftReason === 'NLPA') return `No longer participating in learning activities since ${on}`;
  return `Left on ${on}`;
}

/**
 * The learner's movement on their page: where they stand, and for staff with MANAGE_STUDENTS a form to record a
 * transfer in or out, a drop-out with SF2's reason code, NLPA, or a return to the roll (logged on the server).
 */
export function MovementPanel({ student, onChanged }: { student: Student; onChanged?: () => void }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<MovementForm>(EMPTY_MOVEMENT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = !!student.leftOn;
  const kinds = MOVEMENT_KINDS.filter((k) => (left ? k === 'BACK' : k !== 'BACK'));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const result = await recordMovement(student.id, form);
    setBusy(false);
    setErrors(result.ok ? {} : result.errors);
    setBanner(result.ok ? null : result.message);
    if (!result.ok) return;
    setNotice(result.message);
    setOpen(false);
    setForm(EMPTY_MOVEMENT);
    onChanged?.();
  }

  const set = (patch: Partial<MovementForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <section aria-labelledby={`movement-${student.id}`} className="space-y-3 rounded-md border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`movement-${student.id}`} className="text-sm font-semibold text-gray-900">
          Enrolment and movement
        </h3>
        {can('MANAGE_STUDENTS') && !open ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Record Movement
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-gray-800">{movementText(student)}</p>
      {notice ? (
        <p role="status" className="text-sm text-brand-700">
          {notice}
        </p>
      ) : null}
      {open ? (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" aria-label="Record movement">
          <div className="sm:col-span-2">
            <ErrorBanner message={banner} />
          </div>
          <SelectField
            label="Movement"
            required
            placeholder="Choose"
            value={form.kind}
            error={errors.kind}
            options={kinds.map((k) => ({ value: k, label: MOVEMENT_LABELS[k] }))}
            onChange={(e) => set({ kind: e.target.value as MovementKind })}
          />
          {form.kind && form.kind !== 'BACK' ? (
            <TextField
              label="Date"
              type="date"
              required
              value={form.date}
              error={errors.date}
              onChange={(e) => set({ date: e.target.value })}
            />
          ) : null}
          {form.kind === 'TRANSFERRED_IN' || form.kind === 'TRANSFERRED_OUT' ? (
            <TextField
              label={form.kind === 'TRANSFERRED_IN' ? 'From school' : 'To school'}
              required
              className="sm:col-span-2"
              value={form.school}
              error={errors.school}
              onChange={(e) => set({ school: e.target.value })}
            />
          ) : null}
          {form.kind === 'DROPPED_OUT' ? (
            <SelectField
              label="Reason (SF2 legend)"
              required
              placeholder="Choose a reason"
              className="sm:col-span-2"
              value={form.reasonCode}
              error={errors.reasonCode}
              options={DROPOUT_CODES.map((c) => ({ value: c, label: `${c} ${DROPOUT_REASONS[c]}` }))}
              onChange={(e) => set({ reasonCode: e.target.value })}
            />
          ) : null}
          {form.kind === 'DROPPED_OUT' && form.reasonCode === 'f' ? (
            <TextField
              label="Other reason"
              required
              className="sm:col-span-2"
              value={form.other}
              error={errors.other}
              onChange={(e) => set({ other: e.target.value })}
            />
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" size="sm" loading={busy}>
              Save Movement
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
