import { placementText, studentName, type ArchivedStudent } from '@domain/students';
import { formatSchoolDateTime } from '@kit/text/format';
import type { Column } from '@kit';
import { PersonCell } from './studentColumns';

export const archivedName = (a: ArchivedStudent) => studentName(a.studentData);
/** A missing school, grade or section shows '-'. */
export const gradeSectionOf = (a: ArchivedStudent) => {
  const place = placementText(a.studentData);
  return `${place.grade} / ${place.section}`;
};

/** Archived Students table (Actions — Reason, Restore — are the table's row actions). */
export function archivedColumns(): Array<Column<ArchivedStudent>> {
  return [
    {
      header: 'Name',
      cell: (a) => (
        <PersonCell picture={a.profilePictureUrl} firstName={a.studentData.firstName} lastName={a.studentData.lastName} />
      ),
    },
    { header: 'LRN', cell: (a) => a.studentData.lrn || '-', className: 'whitespace-nowrap tabular-nums', detail: 'sm' },
    { header: 'School', cell: (a) => placementText(a.studentData).school, className: 'min-w-[8rem]', detail: 'md' },
    { header: 'Grade/Section', cell: gradeSectionOf, className: 'min-w-[7rem]', detail: 'lg' },
    { header: 'Archived By', cell: (a) => a.archivedByName || '-', className: 'min-w-[7rem]', detail: 'lg' },
    {
      header: 'Archived Date',
      cell: (a) => formatSchoolDateTime(a.archivedAt, a.studentData.timeZone),
      className: 'min-w-[7rem]',
      detail: 'sm',
    },
  ];
}
