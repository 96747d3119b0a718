import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useListResource } from '@kit';
import { $page, navigate } from '@kit/console/navigation';
import { $consoleAccess } from '@kit/console/scope';
import type { School } from '@domain/schools';
import { fetchSchool } from './api';

/**
 * The school a school-scoped screen shows: fetched for the super admin; a school admin's own (they have
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
 * is replaced by their own (`/admin/schools/{own}/{screen}`); `valid` is false until the address is one to show.
 */
export function useSchoolParam(screen: 'calendar' | 'sf2' | 'notice-templates' | 'school-year') {
  const page = useStore($page);
  const access = useStore($consoleAccess);
  const schoolParam = page && 'schoolId' in page.params ? String(page.params.schoolId) : '';
  const own = access.kind === 'admin' ? access.schoolId : null;
  const valid = /^\d+$/.test(schoolParam) && Number(schoolParam) > 0 && (own == null || Number(schoolParam) === own);
  useEffect(() => {
    if (valid) return;
    if (own != null) navigate(`/admin/schools/${own}/${screen}`, { replace: true });
    else if (access.kind === 'superAdmin') navigate('/super-admin/schools', { replace: true });
  }, [valid, own, access.kind, screen]);
  return { schoolParam, schoolId: Number(schoolParam), valid };
}
