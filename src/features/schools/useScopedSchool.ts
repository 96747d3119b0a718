import { useStore } from '@nanostores/react';
import { useListResource } from '@kit';
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
