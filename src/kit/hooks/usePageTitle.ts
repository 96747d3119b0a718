import { useEffect } from 'react';
import { documentTitle } from '../../site';

/**
 * A screen whose title depends on data ('Students - {school name}'): sets the document title once the
 * data is there. The shell sets the route's fixed title first (parent effects run after the child's on
 * mount, so this also runs again whenever `title` changes).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
