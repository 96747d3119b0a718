import type { ReactNode } from 'react';

/** The h1 of a console screen, with optional actions on the right. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="min-w-0 text-2xl font-semibold text-gray-900 [overflow-wrap:anywhere]">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}
