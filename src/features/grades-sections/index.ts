/** The grades-sections feature's door: what other features may use of it. */
export { fetchGrades } from './grades-api';
export { fetchSections } from './sections-api';
