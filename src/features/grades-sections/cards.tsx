import type { ReactNode } from 'react';
import { Button, buttonClass, StatusBadge } from '@kit';
import type { Grade } from '@domain/grades';
import type { Section } from '@domain/grades';
import { studentsLink } from '@features/schools';
import { useCan } from '@kit/console/scope';

interface CardActions<T> {
  onEdit: (item: T) => void;
  onToggleActive: (item: T) => void;
}

function CardFooter<T>({
  item,
  isActive,
  name,
  students,
  actions,
  children,
}: {
  item: T;
  isActive: boolean;
  name: string;
  students: string;
  actions: CardActions<T>;
  children?: ReactNode;
}) {
  // A school admin without MANAGE_GRADES_SECTIONS views; the Students link needs VIEW_STUDENTS.
  const can = useCan();
  return (
    <div className="mt-auto flex flex-wrap gap-2 pt-2">
      {children}
      {can('VIEW_STUDENTS') ? (
        <a href={students} className={buttonClass('secondary', 'sm')} aria-label={`Students of ${name}`}>
          Students
        </a>
      ) : null}
      {can('MANAGE_GRADES_SECTIONS') ? (
        <>
          <Button variant="ghost" size="sm" onClick={() => actions.onEdit(item)} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => actions.onToggleActive(item)}
            aria-label={`${isActive ? 'Deactivate' : 'Activate'} ${name}`}
          >
            {isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** Grade card: name, level, badge, description, number of sections, View Sections, Students. */
export function GradeCard({
  grade,
  onViewSections,
  ...actions
}: { grade: Grade; onViewSections: (grade: Grade) => void } & CardActions<Grade>) {
  return (
    <article aria-label={grade.name} className="flex h-full flex-col gap-2">
      <header className="flex items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-gray-900">{grade.name}</h2>
          <p className="text-sm text-gray-600">Level {grade.level}</p>
        </div>
        <StatusBadge kind="active" value={grade.isActive} />
      </header>
      {grade.description ? <p className="text-sm text-gray-700">{grade.description}</p> : null}
      <p className="text-sm text-gray-700">
        {grade.sectionCount} {grade.sectionCount === 1 ? 'section' : 'sections'}
      </p>
      <CardFooter
        item={grade}
        isActive={grade.isActive}
        name={grade.name}
        students={studentsLink(grade.schoolId, grade.id)}
        actions={actions}
      >
        <Button size="sm" onClick={() => onViewSections(grade)} aria-label={`View sections of ${grade.name}`}>
          View Sections
        </Button>
      </CardFooter>
    </article>
  );
}

/** Section card: name, grade name, badge, capacity, description, Students. */
export function SectionCard({ section, ...actions }: { section: Section } & CardActions<Section>) {
  return (
    <article aria-label={section.name} className="flex h-full flex-col gap-2">
      <header className="flex items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-gray-900">{section.name}</h2>
          <p className="text-sm text-gray-600">{section.gradeName}</p>
        </div>
        <StatusBadge kind="active" value={section.isActive} />
      </header>
      <p className="text-sm text-gray-700">Capacity: {section.capacity ?? 'Not set'}</p>
      {section.description ? <p className="text-sm text-gray-700">{section.description}</p> : null}
      <CardFooter
        item={section}
        isActive={section.isActive}
        name={section.name}
        students={studentsLink(section.schoolId, section.gradeId, section.id)}
        actions={actions}
      />
    </article>
  );
}
