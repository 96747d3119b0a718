import { fileUrl } from '@domain/files';
import type { School } from '@domain/schools';

const SIZES = { md: 'h-12 w-12 text-base', lg: 'h-20 w-20 text-2xl' } as const;

/** The school's logo, or the first two letters of its acronym on a brand-coloured tile (cards). */
export function SchoolLogo({
  school,
  size = 'md',
}: {
  school: Pick<School, 'name' | 'acronym' | 'logoUrl'>;
  size?: keyof typeof SIZES;
}) {
  const src = fileUrl(school.logoUrl);
  if (src) {
    return (
      <img
        src={src}
        alt={`${school.name} logo`}
        className={`${SIZES[size]} flex-none rounded-lg border border-gray-200 object-contain`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} flex flex-none items-center justify-center rounded-lg bg-brand-700 font-bold text-white`}
    >
      {school.acronym.slice(0, 2).toUpperCase()}
    </span>
  );
}
