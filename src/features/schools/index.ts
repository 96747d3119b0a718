/** The schools feature's door: what other features may use of it. */
export { fetchSchool, fetchSchools } from './api';
export { studentsLink } from './links';
export { useSchoolParam, useScopedSchool } from './useScopedSchool';
