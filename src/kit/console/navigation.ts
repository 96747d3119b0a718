import { atom } from 'nanostores';

/*
 * The console's navigation as the kit and the features see it: the page shown and a way to open another. The route
 * table lives above the features (src/app/router.ts); the console shell wires it here when it loads, so a screen
 * reads its address's parameters and navigates without knowing the shell.
 */

/** The console page shown: its route's name, path, parameters (`:schoolId`) and query. */
export interface Page {
  route: string;
  path: string;
  params: Record<string, string>;
  search: Record<string, string>;
}

/** The page shown; `undefined` for an address no route matches (or before the shell has loaded). */
export const $page = atom<Page | undefined>(undefined);

type Opener = (path: string, replace: boolean) => void;

/** Until the shell wires its router, an address loads as a new page. */
let opener: Opener = (path, replace) => (replace ? location.replace(path) : location.assign(path));

/** The shell's router opens the console's addresses from now on (history entries, no page load). */
export function wireNavigation(open: Opener): void {
  opener = open;
}

/** Opens an address in the console: a new history entry, or in place of the current one with `replace`. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  opener(path, options.replace ?? false);
}
