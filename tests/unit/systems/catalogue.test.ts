import { describe, expect, it } from 'vitest';
import { carouselDots, viewerCounter, wrapIndex } from '@features/public/carousel';
import type { System } from '@domain/systems';
import { CATALOGUE_DATA_ID, featurePreview, filterSystems, systemCountLabel, systemMatches } from '@domain/systems/catalogue';
import { $catalogue, $catalogueSearch, $visibleSystems, loadCatalogue, startCatalogue } from '@features/public/catalogue';
import { ApiError } from '@kit/http';

const system = (id: number, name: string, description: string, features: string[]): System => ({
  _id: id,
  id,
  name,
  description,
  features,
  images: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const gate = system(1, 'Campus Gate', 'Turnstile reader for main entrances', ['SMS alerts', 'Dual Antenna']);
const kiosk = system(2, 'Library Kiosk', 'Borrowing with student cards', ['Offline mode']);

describe('catalogue search', () => {
  it('matches name, description and any feature, ignoring case and surrounding spaces', () => {
    expect(systemMatches(gate, 'campus')).toBe(true);
    expect(systemMatches(gate, 'TURNSTILE')).toBe(true);
    expect(systemMatches(gate, ' dual antenna ')).toBe(true);
    expect(systemMatches(kiosk, 'sms')).toBe(false);
  });

  it('keeps every system for an empty query and filters otherwise', () => {
    expect(filterSystems([gate, kiosk], '')).toEqual([gate, kiosk]);
    expect(filterSystems([gate, kiosk], '   ')).toEqual([gate, kiosk]);
    expect(filterSystems([gate, kiosk], 'offline')).toEqual([kiosk]);
    expect(filterSystems([gate, kiosk], 'nothing like it')).toEqual([]);
  });

  it('counts in the spec wording', () => {
    expect(systemCountLabel(1)).toBe('1 system found');
    expect(systemCountLabel(0)).toBe('0 systems found');
    expect(systemCountLabel(12)).toBe('12 systems found');
  });

  it('previews three features plus the number of others', () => {
    expect(featurePreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(featurePreview(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(featurePreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('carousel and viewer', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -7, 3)).toBe(2);
    expect(wrapIndex(4, 1, 0)).toBe(0);
  });

  it('shows no dots for one image, a dot per image up to five, then +N', () => {
    expect(carouselDots(0, 0)).toEqual({ dots: [], overflow: 0, overflowActive: false });
    expect(carouselDots(1, 0)).toEqual({ dots: [], overflow: 0, overflowActive: false });
    const three = carouselDots(3, 1);
    expect(three.dots.map((d) => d.active)).toEqual([false, true, false]);
    expect(three.overflow).toBe(0);
    const eight = carouselDots(8, 6);
    expect(eight.dots).toHaveLength(5);
    expect(eight.dots.some((d) => d.active)).toBe(false);
    expect(eight).toMatchObject({ overflow: 3, overflowActive: true });
    expect(carouselDots(5, 4)).toMatchObject({ overflow: 0, overflowActive: false });
  });

  it("counts 'i / total' from 1", () => {
    expect(viewerCounter(0, 2)).toBe('1 / 2');
    expect(viewerCounter(1, 2)).toBe('2 / 2');
    expect(viewerCounter(0, 0)).toBe('0 / 0');
  });
});

describe('catalogue store', () => {
  it('loads, filters by the search box, and reports a failure for Try Again', async () => {
    await loadCatalogue(async () => [gate, kiosk]);
    expect($catalogue.get()).toMatchObject({ status: 'ready', error: null });
    $catalogueSearch.set('antenna');
    expect($visibleSystems.get()).toEqual([gate]);
    $catalogueSearch.set('');

    await loadCatalogue(async () => {
      throw new ApiError('Failed to fetch systems', 500);
    });
    expect($catalogue.get()).toEqual({ status: 'error', systems: [], error: 'Failed to fetch systems' });
  });

  it('keeps the newest answer when an older request finishes last', async () => {
    let finishSlow: (v: System[]) => void = () => {};
    const slow = loadCatalogue(() => new Promise<System[]>((resolve) => (finishSlow = resolve)));
    await loadCatalogue(async () => [kiosk]);
    finishSlow([gate]);
    await slow;
    expect($catalogue.get().systems).toEqual([kiosk]);
  });
});

describe('catalogue first showing', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) => (id === CATALOGUE_DATA_ID && text !== null ? ({ textContent: text } as HTMLElement) : null),
  });

  it('shows the systems the server put into the page, without a request', async () => {
    await startCatalogue(page(JSON.stringify([kiosk, gate])));
    expect($catalogue.get()).toEqual({ status: 'ready', systems: [kiosk, gate], error: null });
  });

  it('fetches them when the page holds none or holds no list (the request fails here: no server)', async () => {
    for (const text of [null, 'not json', '{"a":1}']) {
      $catalogue.set({ status: 'ready', systems: [kiosk], error: null });
      await startCatalogue(page(text));
      expect($catalogue.get()).toMatchObject({ status: 'error', systems: [] });
    }
  });
});
