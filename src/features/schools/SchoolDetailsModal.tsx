import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, buttonClass, ErrorBanner, Modal, StatusBadge, SuccessOverlay, SUCCESS_MS } from '@kit';
import type { School } from '@domain/schools';
import { saveSchool, schoolForm } from './actions';
import { websiteHref } from '@domain/schools';
import { formatDate, formatDateTime } from '@kit/text/format';
import { ContractFilesPanel } from './ContractFilesPanel';
import { AttendanceSettingsPanel } from './AttendanceSettingsPanel';
import { SchoolFormFields } from './SchoolFormFields';
import { SchoolLogo } from './SchoolLogo';
import { useFormState } from '@kit/form/useFormState';
import { schoolLinks } from './links';

const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-gray-900">{children ?? '-'}</dd>
    </div>
  );
}

function SchoolDetails({ school }: { school: School }) {
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <SchoolLogo school={school} size="lg" />
        <div>
          <p className="text-lg font-semibold text-gray-900">{school.name}</p>
          <p className="text-sm text-gray-600">{school.acronym}</p>
          <StatusBadge kind="active" value={school.isActive} />
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Address">{school.address}</Detail>
        <Detail label="Contact Number">{school.contactNumber}</Detail>
        <Detail label="Email">{school.email}</Detail>
        <Detail label="Website">
          {school.website ? (
            <a href={websiteHref(school.website)} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {school.website}
            </a>
          ) : null}
        </Detail>
        <Detail label="DepEd School ID">{school.depedSchoolId}</Detail>
        <Detail label="School Head">{school.schoolHeadName}</Detail>
        <Detail label="Students">
          {school.currentStudentCount}
          {school.studentCount != null ? ` of ${school.studentCount}` : ''}
        </Detail>
        <Detail label="Admins">{school.currentAdminCount}</Detail>
        <Detail label="Capacity Used">{school.studentCapacityUsed}%</Detail>
        <Detail label="Contract Number">{school.contractNumber}</Detail>
        <Detail label="Contract Date">{school.contractDate ? formatDate(`${school.contractDate}T00:00:00`) : null}</Detail>
        <Detail label="Contract Expiry Date">
          {school.contractExpiryDate ? formatDate(`${school.contractExpiryDate}T00:00:00`) : null}
        </Detail>
        <Detail label="Contract Status">{school.contractStatus}</Detail>
        <Detail label="Contract Type">{school.contractType}</Detail>
        <Detail label="Contract Amount">{school.contractAmount != null ? AMOUNT.format(school.contractAmount) : null}</Detail>
        <Detail label="Global SMS Overflow">
          {school.allowGlobalOverflow ? 'Allowed: global devices help when its phones are busy' : 'Not allowed'}
        </Detail>
        <Detail label="Last Updated">{formatDateTime(school.updatedAt)}</Detail>
      </dl>
      <ContractFilesPanel schoolId={school.id} />
      <AttendanceSettingsPanel schoolId={school.id} />
    </div>
  );
}

interface Props {
  school: School | null;
  onClose: () => void;
  /** After a save (2 s success overlay): refresh the list. */
  onSaved: () => void;
}

/** 'School Details/Edit': details and contract files; Edit School, Grades & Sections, Manage Students. */
export function SchoolDetailsModal({ school, onClose, onSaved }: Props) {
  const [editing, setEditing] = useState(false);
  const form = useFormState(schoolForm(school));
  const [logo, setLogo] = useState<File | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  function close() {
    if (form.saving) return;
    setEditing(false);
    setSuccess(null);
    setLogo(null);
    onClose();
  }

  function startEditing() {
    form.reset(schoolForm(school));
    setLogo(null);
    setEditing(true);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!school) return;
    const result = await form.submit(() => saveSchool(form.values, logo, school));
    if (result?.ok) setSuccess(result.message);
  }

  const links = school ? schoolLinks(school.id) : null;
  const footer = editing ? (
    <>
      <Button variant="secondary" onClick={() => setEditing(false)} disabled={form.saving}>
        Cancel
      </Button>
      <Button type="submit" form="edit-school-form" loading={form.saving} disabled={success !== null}>
        {form.saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </>
  ) : (
    <>
      <a href={links?.gradesSections} className={buttonClass('secondary')}>
        Grades &amp; Sections
      </a>
      <a href={links?.students} className={buttonClass('secondary')}>
        Manage Students
      </a>
      <a href={links?.noticeTemplates} className={buttonClass('secondary')}>
        Notice Templates
      </a>
      <Button onClick={startEditing}>Edit School</Button>
    </>
  );

  return (
    <Modal open={school !== null} onClose={close} title={editing ? 'Edit School' : 'School Details'} size="xl" footer={footer}>
      {success ? (
        <SuccessOverlay
          message={success}
          durationMs={SUCCESS_MS}
          onDone={() => {
            onSaved();
            close();
          }}
        />
      ) : null}
      {school && editing ? (
        <form id="edit-school-form" noValidate onSubmit={onSubmit} className="space-y-4">
          <ErrorBanner message={form.message} />
          <SchoolFormFields form={form} logo={logo} onLogo={setLogo} showActive />
        </form>
      ) : null}
      {school && !editing ? <SchoolDetails school={school} /> : null}
    </Modal>
  );
}
