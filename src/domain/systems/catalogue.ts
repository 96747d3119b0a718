import type { System } from '.';

/*
 * The public catalogue's search and labels without the zod schemas of `systems.ts` (which re-exports them), so the
 * /systems island loads no schema (page weight).
 */

/** Public catalogue search: case-insensitive over name, description and every feature. */
export function systemMatches(system: Pick<System, 'name' | 'description' | 'features'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [system.name, system.description, ...system.features].some((text) => text.toLowerCase().includes(q));
}

export function filterSystems<T extends Pick<System, 'name' | 'description' | 'features'>>(systems: T[], query: string): T[] {
  return query.trim() ? systems.filter((s) => systemMatches(s, query)) : systems;
}

/**
 * The catalogue the server puts into /systems as it serves the page (a `<script type="application/json">` with this
 * id: the systems as GET /api/inquiries/systems lists them), so the page shows them without a request of its own and
 * loads no HTTP client first. Absent (`astro dev`, the file served as is), the island fetches them.
 */
export const CATALOGUE_DATA_ID = 'catalogue-data';

/** '1 system found' / 'N systems found'. */
export const systemCountLabel = (n: number): string => `${n} ${n === 1 ? 'system' : 'systems'} found`;

/** Card preview: the first `max` features and how many more there are ('+N more'). */
export function featurePreview(features: string[], max = 3): { shown: string[]; more: number } {
  return { shown: features.slice(0, max), more: Math.max(0, features.length - max) };
}
