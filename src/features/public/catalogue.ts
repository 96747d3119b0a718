import { atom, computed } from 'nanostores';
import { CATALOGUE_DATA_ID, filterSystems } from '@domain/systems/catalogue';
import type { System } from '@domain/systems';

export interface CatalogueState {
  status: 'loading' | 'ready' | 'error';
  systems: System[];
  error: string | null;
}

/** The public systems catalogue (Public Systems page). */
export const $catalogue = atom<CatalogueState>({ status: 'loading', systems: [], error: null });

/** The search box: case-insensitive over name, description and every feature. */
export const $catalogueSearch = atom('');

export const $visibleSystems = computed([$catalogue, $catalogueSearch], (state, query) => filterSystems(state.systems, query));

let latest = 0;

// The API client (ky) loads only when the catalogue must be fetched: 'Try Again', or a page served without its data.
const fetchSystems = () => import('./api').then((m) => m.fetchPublicSystems());
const failureMessage = async (err: unknown) => (await import('@kit/http').then((m) => m.toApiError(err, 'Failed to fetch systems'))).message;

/** Loads (or reloads, for 'Try Again') the catalogue; an older answer never overwrites a newer one. */
export async function loadCatalogue(load: () => Promise<System[]> = fetchSystems): Promise<void> {
  const call = ++latest;
  $catalogue.set({ ...$catalogue.get(), status: 'loading', error: null });
  try {
    const systems = await load();
    if (call === latest) $catalogue.set({ status: 'ready', systems, error: null });
  } catch (err) {
    if (call === latest) $catalogue.set({ status: 'error', systems: [], error: await failureMessage(err).catch(() => 'Failed to fetch systems') });
  }
}

/**
 * The first showing: the systems the server put into the page (CATALOGUE_DATA_ID) when it holds them, else a fetch.
 * Runs after hydration, so the pre-rendered 'Loading systems...' and the first client render agree.
 */
export function startCatalogue(doc: Pick<Document, 'getElementById'> = document): Promise<void> {
  const text = doc.getElementById(CATALOGUE_DATA_ID)?.textContent;
  let systems: unknown;
  try {
    systems = text ? JSON.parse(text) : undefined;
  } catch {
    systems = undefined;
  }
  return loadCatalogue(Array.isArray(systems) ? async () => systems as System[] : undefined);
}
