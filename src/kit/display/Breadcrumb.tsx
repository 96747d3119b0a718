/** One step of a breadcrumb: a link, or plain text for the current page (no `href`). */
export interface Crumb {
  label: string;
  href?: string;
}

/** 'Schools / School / Grade / Students': where a screen sits, with links back up. The last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 min-w-0 text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((c, i) => (
          <li key={`${i}-${c.label}`} className="flex min-w-0 items-center gap-1">
            {i > 0 ? (
              <span aria-hidden="true" className="text-gray-400">
                /
              </span>
            ) : null}
            {c.href && i < items.length - 1 ? (
              <a href={c.href} className="text-brand-700 [overflow-wrap:anywhere] hover:underline">
                {c.label}
              </a>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined} className="text-gray-900 [overflow-wrap:anywhere]">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
