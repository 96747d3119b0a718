import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useListResource } from '@kit';
import { $router, redirectPage } from '@kit/router';
import { $consoleAccess } from '@kit/console-scope';
import type { School } from '@domain/schools';
import { fetchSchool } from './api';

/**
 * The school a school-scoped screen shows: fetched for the super admin; a school admin's own (issue 22: they have
 * no school routes, and their console shows no other school).
 */
export function useScopedSchool(schoolParam: string) {
  const access = useStore($consoleAccess);
  return useListResource(
    (signal) =>
      access.kind === 'admin'
        ? Promise.resolve({ id: access.schoolId ?? 0, name: access.schoolName ?? '', acronym: '' } as School)
        : fetchSchool(schoolParam, signal),
    `${access.kind}:${schoolParam}`,
  );
}

/**
 * The school id of a school-scoped screen's address (`:schoolId`). In a school admin's console another school's id
 * is replaced by their own (`adminRoute`, same params); `valid` is false until the address is one to show.
 */
export function useSchoolParam(adminRoute: 'adminCalendar' | 'adminSf2') {
  const page = useStore($router);
  const access = useStore($consoleAccess);
  const schoolParam = page && 'schoolId' in page.params ? String(page.params.schoolId) : '';
  const own = access.kind === 'admin' ? access.schoolId : null;
  const valid = /^\d+$/.test(schoolParam) && Number(schoolParam) > 0 && (own == null || Number(schoolParam) === own);
  useEffect(() => {
    if (valid) return;
    if (own != null) redirectPage($router, adminRoute, { schoolId: String(own) });
    else if (access.kind === 'superAdmin') redirectPage($router, 'schools');
  }, [valid, own, access.kind, adminRoute]);
  return { schoolParam, schoolId: Number(schoolParam), valid };
}
