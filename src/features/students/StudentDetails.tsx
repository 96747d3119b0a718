import type { ReactNode } from 'react';
import {
  ADDRESS_LABEL,
  GENDER_LABELS,
  NOTIFICATION_PREFERENCE_LABELS,
  REGISTER_FIELDS,
  studentName,
  type Student,
} from '@domain/students';
import { fileUrl } from '@domain/files';
import { formatCalendarDate, formatDate, formatSchoolDateTime } from '@kit/text/format';
import { Avatar, StatusBadge, ZoomableImage } from '@kit';
import { MessengerOptIn } from '@features/notifications';
import { MovementPanel } from './movement/MovementPanel';
import { useCan } from '@kit/console/scope';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-gray-900">{children || '-'}</dd>
    </div>
  );
}

/** The read-only view of a student (Student detail modal); `onChanged` after a movement is recorded on it. */
export function StudentDetails({ student: s, onChanged }: { student: Student; onChanged?: () => void }) {
  const picture = fileUrl(s.profilePictureUrl);
  const avatar = <Avatar src={picture} firstName={s.firstName} lastName={s.lastName} size="lg" />;
  const parent = [s.parentFirstName, s.parentLastName].filter(Boolean).join(' ');
  // The guardian's Messenger link is managed with MANAGE_STUDENTS (the server refuses it otherwise).
  const can = useCan();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        {picture ? (
          <ZoomableImage src={picture} alt={studentName(s)}>
            {avatar}
          </ZoomableImage>
        ) : (
          avatar
        )}
        <div className="min-w-0">
          <p className="break-words text-lg font-semibold text-gray-900">{studentName(s)}</p>
          <p className="break-all text-sm text-gray-600">{s.email}</p>
          <StatusBadge kind="active" value={s.isActive} />
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label="LRN">{s.lrn}</Item>
        <Item label="School">{s.school ? `${s.school.name} (${s.school.acronym})` : null}</Item>
        <Item label="Grade">{s.gradeModel?.name}</Item>
        <Item label="Section">{s.sectionModel?.name}</Item>
        <Item label="Date of Birth">{s.dateOfBirth ? formatDate(`${s.dateOfBirth.slice(0, 10)}T12:00:00`) : null}</Item>
        <Item label="Gender">{s.gender ? GENDER_LABELS[s.gender] : null}</Item>
        <Item label="Middle Name">{s.middleName}</Item>
        <Item label="Enrolment Date">{s.enrolmentDate ? formatCalendarDate(s.enrolmentDate) : null}</Item>
        <Item label="Phone Number">{s.phoneNumber}</Item>
        <Item label="RFID Card ID">{s.rfidCardId}</Item>
        <Item label={ADDRESS_LABEL}>{s.address}</Item>
        <Item label="Parent">{parent}</Item>
        <Item label="Parent Phone">{s.parentPhone}</Item>
        <Item label="Parent Email">{s.parentEmail}</Item>
        <Item label="Parent Messenger Name">{s.parentFacebookMessengerName}</Item>
        <Item label="Parent Address">{s.parentAddress}</Item>
        <Item label="Emergency Contact">{s.emergencyContact}</Item>
        <Item label="Notification Preference">
          {NOTIFICATION_PREFERENCE_LABELS[s.notificationPreference] ?? s.notificationPreference}
        </Item>
        <Item label="Registered">{formatSchoolDateTime(s.createdAt, s.timeZone)}</Item>
        <Item label="Last Updated">{formatSchoolDateTime(s.updatedAt, s.timeZone)}</Item>
      </dl>
      <section aria-labelledby={`sf1-${s.id}`}>
        <h3 id={`sf1-${s.id}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-500">
          School Register (SF1)
        </h3>
        <dl className="grid gap-4 sm:grid-cols-2">
          {REGISTER_FIELDS.map((f) => (
            <Item key={f.key} label={f.label}>
              {s[f.key]}
            </Item>
          ))}
        </dl>
      </section>
      <MovementPanel student={s} onChanged={onChanged} />
      {s.isActive && can('MANAGE_STUDENTS') ? <MessengerOptIn studentId={s.id} /> : null}
    </div>
  );
}
