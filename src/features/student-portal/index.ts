/** The student portal's door: the /student page mounts its island. */
export { default as StudentPortal, PORTAL_LEAD } from './StudentPortal';
