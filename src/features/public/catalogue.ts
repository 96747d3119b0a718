import { atom, computed } from 'nanostores';
import { fetchPublicSystems } from './api';
import { toApiError } from '@kit/http';
import { filterSystems } from '@domain/system-catalogue';
import type { System } from '@domain/systems';

export interface CatalogueState {
  status: 'loading' | 'ready' | 'error';
  systems: System[];
  error: string | null;
}

/** The public systems catalogue (spec §2 Public Systems page). */
export const $catalogue = atom<CatalogueState>({ status: 'loading', systems: [], error: null });

/** The search box: case-insensitive over name, description and every feature. */
export const $catalogueSearch = atom('');

export const $visibleSystems = computed([$catalogue, $catalogueSearch], (state, query) => filterSystems(state.systems, query));

let latest = 0;

/** Loads (or reloads, for 'Try Again') the catalogue; an older answer never overwrites a newer one. */
export async function loadCatalogue(load: () => Promise<System[]> = fetchPublicSystems): Promise<void> {
  const call = ++latest;
  $catalogue.set({ ...$catalogue.get(), status: 'loading', error: null });
  try {
    const systems = await load();
    if (call === latest) $catalogue.set({ status: 'ready', systems, error: null });
  } catch (err) {
    if (call === latest)
      $catalogue.set({ status: 'error', systems: [], error: (await toApiError(err, 'Failed to fetch systems')).message });
  }
}
