import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { fetchAdmin, fetchAdmins } from '@features/admins/api';
import type { signInAnyRole } from '@features/auth/api';
import type { fetchContractFiles } from '@features/schools/contract-files-api';
import type { fetchDashboardStats } from '@features/dashboard/api';
import type { fetchGrades } from '@features/grades-sections/grades-api';
import type { fetchInquiries } from '@features/inquiries/api';
import type { fetchOrders } from '@features/systems/orders-api';
import type { fetchPermissions } from '@features/admins/permissions-api';
import type { fetchProfile } from '@features/profile/api';
import type { fetchSchools } from '@features/schools/api';
import type { fetchSections } from '@features/grades-sections/sections-api';
import type { fetchSystemLogs } from '@features/system-logs/api';
import type { fetchSystems } from '@features/systems/api';
import type { fetchArchivedStudents, fetchStudent, fetchStudents } from '@features/students/api';
import type { archivedStudentListSchema, studentListSchema, studentSchema } from '@domain/students';
import type { adminSchema, permissionCatalogueSchema } from '@domain/admins';
import type { profileRecordSchema, anySignInResultSchema } from '@domain/auth';
import type { dashboardStatsSchema } from '@domain/dashboard';
import type { gradeSchema, sectionSchema } from '@domain/grades';
import type { inquiryRecordSchema } from '@domain/inquiries';
import type { orderRecordSchema } from '@domain/systems/orders';
import type { contractFileSchema, schoolSchema } from '@domain/schools';
import type { systemLogPageSchema } from '@domain/system-logs';
import type { systemSchema } from '@domain/systems';

/*
 * The browser reads the API with the types of the response schemas the routes declare (src/domain),
 * never with copies that can drift. The type assertions are checked by `npm run typecheck`; the scan
 * below fails when a record type is written by hand in an API module again.
 */

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type Out<S extends z.ZodType> = z.output<S>;

describe('browser API modules use the domain response types', () => {
  it('answers with the declared response types', () => {
    expectTypeOf<Answer<typeof signInAnyRole>>().toEqualTypeOf<Out<typeof anySignInResultSchema>>();
    expectTypeOf<Answer<typeof fetchSchools>>().toEqualTypeOf<Out<typeof schoolSchema>[]>();
    expectTypeOf<Answer<typeof fetchContractFiles>>().toEqualTypeOf<Out<typeof contractFileSchema>[]>();
    expectTypeOf<Answer<typeof fetchGrades>>().toEqualTypeOf<Out<typeof gradeSchema>[]>();
    expectTypeOf<Answer<typeof fetchSections>>().toEqualTypeOf<Out<typeof sectionSchema>[]>();
    expectTypeOf<Answer<typeof fetchProfile>>().toEqualTypeOf<Out<typeof profileRecordSchema>>();
    expectTypeOf<Answer<typeof fetchAdmins>>().toEqualTypeOf<Out<typeof adminSchema>[]>();
    expectTypeOf<Answer<typeof fetchAdmin>>().toEqualTypeOf<Out<typeof adminSchema>>();
    expectTypeOf<Answer<typeof fetchPermissions>>().toEqualTypeOf<Out<typeof permissionCatalogueSchema>>();
    expectTypeOf<Answer<typeof fetchSystems>>().toEqualTypeOf<Out<typeof systemSchema>[]>();
    expectTypeOf<Answer<typeof fetchOrders>>().toEqualTypeOf<Out<typeof orderRecordSchema>[]>();
    expectTypeOf<Answer<typeof fetchInquiries>>().toEqualTypeOf<Out<typeof inquiryRecordSchema>[]>();
    expectTypeOf<Answer<typeof fetchDashboardStats>>().toEqualTypeOf<Out<typeof dashboardStatsSchema>>();
    expectTypeOf<Answer<typeof fetchSystemLogs>>().toEqualTypeOf<Out<typeof systemLogPageSchema>>();
    expectTypeOf<Answer<typeof fetchStudents>>().toEqualTypeOf<Out<typeof studentListSchema>>();
    expectTypeOf<Answer<typeof fetchStudent>>().toEqualTypeOf<Out<typeof studentSchema>>();
    expectTypeOf<Answer<typeof fetchArchivedStudents>>().toEqualTypeOf<Out<typeof archivedStudentListSchema>>();
  });

  it('declares no record type of its own in the API modules (src/features/*/*api.ts, src/kit/http.ts, src/kit/list/csv.ts)', () => {
    const root = path.resolve(import.meta.dirname, '../../../src');
    const features = path.join(root, 'features');
    const modules = [
      ...fs.readdirSync(features).flatMap((f) =>
        fs
          .readdirSync(path.join(features, f))
          .filter((file) => /(^|-)api\.ts$/.test(file))
          .map((file) => path.join(features, f, file)),
      ),
      path.join(root, 'kit', 'http.ts'),
      path.join(root, 'kit', 'list', 'csv.ts'),
    ];
    expect(modules.length).toBeGreaterThan(20);
    // Plumbing types of the HTTP and CSV helpers are not API records.
    const allowed = new Set(['DownloadProgress', 'QueryFilters', 'WithHoneypot', 'AdminFields', 'UploadProgress']);
    const declared = modules
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/^(?:export )?(?:interface|type) (\w+)/gm)].map(
          (m) => `${path.relative(root, file)}: ${m[1]}`,
        ),
      )
      .filter((entry) => !allowed.has(entry.split(': ')[1]!));
    expect(declared).toEqual([]);
  });
});
