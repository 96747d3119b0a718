import type { CsvColumn } from '@core/http/paginate';
import { ADDRESS_LABEL, REGISTER_FIELDS, type Student } from '@domain/students';

/** The CSV export of both student lists (same columns as the tables plus the contact and School Register fields). */
export const STUDENT_CSV_COLUMNS: ReadonlyArray<CsvColumn<Student>> = [
  { header: 'ID', value: (s) => s.id },
  { header: 'Last Name', value: (s) => s.lastName },
  { header: 'First Name', value: (s) => s.firstName },
  { header: 'Middle Name', value: (s) => s.middleName },
  { header: 'LRN', value: (s) => s.lrn },
  { header: 'Email', value: (s) => s.email },
  { header: 'School', value: (s) => s.school?.acronym ?? '' },
  { header: 'Grade', value: (s) => s.gradeModel?.name ?? '' },
  { header: 'Section', value: (s) => s.sectionModel?.name ?? '' },
  { header: 'Status', value: (s) => (s.isActive ? 'Active' : 'Inactive') },
  { header: 'Gender', value: (s) => s.gender },
  { header: 'Date of Birth', value: (s) => s.dateOfBirth },
  { header: 'RFID Card ID', value: (s) => s.rfidCardId },
  { header: 'Parent Name', value: (s) => [s.parentFirstName, s.parentLastName].filter(Boolean).join(' ') },
  { header: 'Parent Phone', value: (s) => s.parentPhone },
  { header: 'Parent Email', value: (s) => s.parentEmail },
  { header: 'Notification Preference', value: (s) => s.notificationPreference },
  { header: 'Enrolment Date', value: (s) => s.enrolmentDate },
  { header: 'Left On', value: (s) => s.leftOn },
  { header: 'Left Reason', value: (s) => s.leftReason },
  { header: 'Created At', value: (s) => s.createdAt },
  // The School Register (SF1): the address's parts and the family, as the import names them (last: earlier columns keep their place).
  { header: ADDRESS_LABEL, value: (s) => s.address },
  ...REGISTER_FIELDS.map((f): CsvColumn<Student> => ({ header: f.label, value: (s) => s[f.key] })),
];
