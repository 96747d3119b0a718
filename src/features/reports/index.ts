/** The reports feature's door (issue #23: DepEd School Form 2). */
export { fetchSf2 } from './api';
