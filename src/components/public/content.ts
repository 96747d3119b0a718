/**
 * Typed reads of the content collections for the public pages. Anything an editor can get wrong that the
 * zod schemas cannot see (a missing file, duplicate years) throws here, which fails the build.
 */
import { getCollection, type CollectionEntry } from 'astro:content';

type PageData = CollectionEntry<'pages'>['data'];
export type PageName = PageData['page'];

export async function getPageCopy<P extends PageName>(page: P): Promise<Extract<PageData, { page: P }>> {
  const entries = await getCollection('pages', (e) => e.data.page === page);
  if (entries.length !== 1) {
    throw new Error(`src/content/pages: expected exactly one file with "page: ${page}", found ${entries.length}`);
  }
  return entries[0].data as Extract<PageData, { page: P }>;
}

export async function getCompany(): Promise<CollectionEntry<'company'>['data']> {
  const [entry] = await getCollection('company');
  if (!entry) throw new Error('src/content/company.yaml is missing');
  return entry.data;
}

export async function getServices(kind: 'main' | 'additional'): Promise<CollectionEntry<'services'>[]> {
  const all = await getCollection('services', (e) => e.data.kind === kind);
  return all.sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title));
}

export async function getHistory(): Promise<CollectionEntry<'history'>['data'][]> {
  const items = (await getCollection('history')).map((e) => e.data).sort((a, b) => a.year - b.year);
  const years = items.map((i) => i.year);
  const dup = years.find((y, i) => years.indexOf(y) !== i);
  if (dup) throw new Error(`src/content/history.yaml: year ${dup} appears twice`);
  return items;
}

/** Open positions, newest first. */
export async function getOpenJobs(): Promise<CollectionEntry<'jobs'>[]> {
  const jobs = await getCollection('jobs', (e) => e.data.open);
  return jobs.sort((a, b) => b.data.postedOn.getTime() - a.data.postedOn.getTime());
}

/** `tel:` link for a displayed number ("+63 32 234 5678" → "tel:+63322345678"). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Display order of the file: YAML list collections keep it. */
export const listOf = async <C extends 'team' | 'values' | 'expertise'>(name: C) =>
  (await getCollection(name)).map((e) => e.data as CollectionEntry<C>['data']);
