/** The reports feature's door (DepEd School Form 2). */
export { fetchSf2 } from './api';
