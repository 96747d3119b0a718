/** The student portal's door (issue #24): the /student page mounts its island. */
export { default as StudentPortal, PORTAL_LEAD } from './StudentPortal';
