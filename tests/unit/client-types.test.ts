import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { fetchAdmin, fetchAdmins } from '../../src/client/api/admins';
import type { login } from '../../src/client/api/auth';
import type { fetchContractFiles } from '../../src/client/api/contract-files';
import type { fetchDashboardStats } from '../../src/client/api/dashboard';
import type { fetchGrades } from '../../src/client/api/grades';
import type { fetchInquiries } from '../../src/client/api/inquiries';
import type { fetchOrders } from '../../src/client/api/orders';
import type { fetchPermissions } from '../../src/client/api/permissions';
import type { fetchProfile } from '../../src/client/api/profile';
import type { fetchSchools } from '../../src/client/api/schools';
import type { fetchSections } from '../../src/client/api/sections';
import type { fetchSystemLogs } from '../../src/client/api/system-logs';
import type { fetchSystems } from '../../src/client/api/systems';
import type { adminSchema, permissionCatalogueSchema } from '../../src/domain/admins';
import type { profileRecordSchema, signInResultSchema } from '../../src/domain/auth';
import type { dashboardStatsSchema } from '../../src/domain/dashboard';
import type { gradeSchema, sectionSchema } from '../../src/domain/grades';
import type { inquiryRecordSchema } from '../../src/domain/inquiries';
import type { orderRecordSchema } from '../../src/domain/orders';
import type { contractFileSchema, schoolSchema } from '../../src/domain/schools';
import type { systemLogPageSchema } from '../../src/domain/system-logs';
import type { systemSchema } from '../../src/domain/systems';

/*
 * The browser reads the API with the types of the response schemas the routes declare (src/domain),
 * never with copies that can drift. The type assertions are checked by `npm run typecheck`; the scan
 * below fails when a record type is written by hand in src/client again.
 */

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type Out<S extends z.ZodType> = z.output<S>;

describe('browser API modules use the domain response types', () => {
  it('answers with the declared response types', () => {
    expectTypeOf<Answer<typeof login>>().toEqualTypeOf<Out<typeof signInResultSchema>>();
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
  });

  it('declares no record type of its own in src/client/api', () => {
    const dir = path.resolve(import.meta.dirname, '../../src/client/api');
    // Plumbing types of the HTTP and CSV helpers are not API records.
    const allowed = new Set(['DownloadProgress', 'QueryFilters', 'WithHoneypot', 'AdminFields']);
    const declared = fs
      .readdirSync(dir)
      .flatMap((file) =>
        [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^(?:export )?(?:interface|type) (\w+)/gm)].map(
          (m) => `${file}: ${m[1]}`,
        ),
      )
      .filter((entry) => !allowed.has(entry.split(': ')[1]!));
    expect(declared).toEqual([]);
  });
});
