import { request, requestBody } from '@kit/http';
import type { NoClassDayInput, NoClassDayResult, SchoolCalendar, SchoolYearInput } from '@domain/calendar';

/** The school calendar's calls. */
export const fetchCalendar = (schoolId: number, signal?: AbortSignal) =>
  request<SchoolCalendar>('Failed to fetch the school calendar', (api) =>
    api.get(`super-admin/schools/${schoolId}/calendar`, { signal }),
  );

export const saveSchoolYear = (schoolId: number, input: SchoolYearInput) =>
  request<{ calendar: SchoolCalendar; holidaysAdded: number }>('Failed to save the school year', (api) =>
    api.put(`super-admin/schools/${schoolId}/calendar/school-year`, { json: input }),
  );

export const postNoClassDay = (schoolId: number, input: NoClassDayInput) =>
  request<NoClassDayResult>('Failed to save the no-class day', (api) =>
    api.post(`super-admin/schools/${schoolId}/calendar/no-class-days`, { json: input }),
  );

/** Answers the server's message: a period removed, or a holiday lifted. */
export const deleteNoClassDay = (schoolId: number, date: string) =>
  requestBody<null>('Failed to remove the no-class day', (api) =>
    api.delete(`super-admin/schools/${schoolId}/calendar/no-class-days/${date}`),
  );
