import { Button, buttonClass, StatusBadge } from '@kit';
import type { School } from '@domain/schools';
import { SchoolLogo } from './SchoolLogo';
import { schoolLinks } from './links';

function Count({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-md bg-gray-50 px-2 py-1.5 text-center">
      <dd className="text-lg font-semibold text-gray-900">{value}</dd>
      <dt className="text-xs text-gray-600">{label}</dt>
    </div>
  );
}

/** School Management card: logo or acronym, badge, contact details, counts, three buttons. */
export function SchoolCard({ school, onView }: { school: School; onView: (school: School) => void }) {
  const links = schoolLinks(school.id);
  return (
    <article aria-label={school.name} className="flex h-full flex-col gap-4">
      <header className="flex items-start gap-3">
        <SchoolLogo school={school} />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-3 text-base font-semibold text-gray-900" title={school.name}>
            {school.name}
          </h2>
          <p className="text-sm text-gray-600">{school.acronym}</p>
        </div>
        <StatusBadge kind="active" value={school.isActive} />
      </header>

      <dl className="space-y-1 text-sm text-gray-700">
        <div className="flex gap-2">
          <dt className="w-16 flex-none text-gray-500">Address</dt>
          <dd className="min-w-0 break-words">{school.address ?? '-'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-16 flex-none text-gray-500">Email</dt>
          <dd className="min-w-0 truncate">{school.email ?? '-'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-16 flex-none text-gray-500">Contact</dt>
          <dd className="min-w-0">{school.contactNumber ?? '-'}</dd>
        </div>
      </dl>

      <dl className="grid grid-cols-3 gap-2">
        <Count label="Students" value={school.currentStudentCount} />
        <Count label="Admins" value={school.currentAdminCount} />
        <Count label="Capacity Used" value={`${school.studentCapacityUsed}%`} />
      </dl>

      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onView(school)} aria-label={`View details of ${school.name}`}>
          View Details
        </Button>
        <a
          href={links.gradesSections}
          className={buttonClass('secondary', 'sm')}
          aria-label={`Grades & Sections of ${school.name}`}
        >
          Grades &amp; Sections
        </a>
        <a href={links.students} className={buttonClass('secondary', 'sm')} aria-label={`Students of ${school.name}`}>
          Students
        </a>
        <a href={links.calendar} className={buttonClass('secondary', 'sm')} aria-label={`Calendar of ${school.name}`}>
          Calendar
        </a>
        <a href={links.sf2} className={buttonClass('secondary', 'sm')} aria-label={`School Form 2 of ${school.name}`}>
          SF2
        </a>
        <a href={links.schoolYear} className={buttonClass('secondary', 'sm')} aria-label={`School year of ${school.name}`}>
          School Year
        </a>
      </div>
    </article>
  );
}
