import { describe, expect, it } from 'vitest';
import {
  adminFilterChoices,
  allPermissionsOn,
  checkAdmin,
  CREATE_ADMIN_REQUIRED,
  createAdminSchema,
  adminFormRequired,
  adminFormSchema,
  ADMIN_ROLES,
  matchingRole,
  rolePermissions,
  EMPTY_ADMIN_FILTERS,
  filterAdmins,
  hasActiveFilters,
  permissionLabel,
  permissionSummary,
  setAllPermissions,
  syncMessage,
  type Admin,
} from '@domain/admins';

const admin = (over: Partial<Admin>): Admin => ({
  id: 1,
  email: 'a@school.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: null,
  employeeId: 'E-1',
  department: null,
  position: null,
  permissions: {},
  profilePictureUrl: null,
  schoolId: null,
  school: null,
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('permission labels and summary', () => {
  it('reads every permission in words', () => {
    expect(permissionLabel('VIEW_STUDENTS')).toBe('View students');
    expect(permissionLabel('SEND_SMS')).toBe('Send SMS');
    expect(permissionLabel('MANAGE_RFID_READERS')).toBe('Manage RFID readers');
    expect(permissionLabel('VIEW_SMS_HISTORY')).toBe('View SMS history');
    expect(permissionLabel('MANAGE_GRADES_SECTIONS')).toBe('Manage grades and sections');
    expect(permissionLabel('MANAGE_SCHOOL_SETTINGS')).toBe('Manage school settings');
    // A name added by a sync and unknown to the console: its words.
    expect(permissionLabel('VIEW_BUS_ROUTES')).toBe('View bus routes');
  });

  it("summarises as 'Disabled', 'All' or the enabled names", () => {
    expect(permissionSummary({})).toBe('Disabled');
    expect(permissionSummary({ VIEW_STUDENTS: false, SEND_SMS: false })).toBe('Disabled');
    expect(permissionSummary({ VIEW_STUDENTS: true, SEND_SMS: true })).toBe('All');
    expect(permissionSummary({ VIEW_STUDENTS: true, SEND_SMS: false, VIEW_REPORTS: true })).toBe('View students, View reports');
  });

  it("checks 'All' only when every permission is on, and toggles all", () => {
    const names = ['A', 'B'];
    expect(allPermissionsOn({ A: true, B: true }, names)).toBe(true);
    expect(allPermissionsOn({ A: true }, names)).toBe(false);
    expect(allPermissionsOn({}, [])).toBe(false);
    expect(setAllPermissions(names, true)).toEqual({ A: true, B: true });
    expect(setAllPermissions(names, false)).toEqual({ A: false, B: false });
  });

  it('words the sync alert with the three counts', () => {
    expect(syncMessage({ created: 2, updated: 0, unchanged: 13 })).toBe(
      'Permissions synced successfully! Created: 2, Updated: 0, Unchanged: 13',
    );
  });
});

describe('admin filters', () => {
  const list = [
    admin({
      id: 1,
      firstName: 'Maria',
      lastName: 'Santos',
      email: 'maria@rhs.ph',
      employeeId: 'RHS-001',
      department: 'Registrar',
      position: 'Head',
      school: { name: 'Rizal', acronym: 'RHS' },
    }),
    admin({
      id: 2,
      firstName: 'Jose',
      lastName: 'Cruz',
      email: 'jose@bnhs.ph',
      employeeId: 'BN-7',
      department: 'IT',
      position: 'Staff',
      school: { name: 'Bonifacio', acronym: 'BNHS' },
    }),
    admin({
      id: 3,
      firstName: 'Ana',
      lastName: 'Reyes',
      email: 'ana@x.ph',
      employeeId: 'Z-9',
      department: 'IT',
      position: 'Head',
    }),
  ];
  const ids = (f: Partial<typeof EMPTY_ADMIN_FILTERS>) => filterAdmins(list, { ...EMPTY_ADMIN_FILTERS, ...f }).map((a) => a.id);

  it('matches free text over first name, last name, email and employee id, ignoring case', () => {
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ search: 'maria' })).toEqual([1]);
    expect(ids({ search: 'CRUZ' })).toEqual([2]);
    expect(ids({ search: '@x.ph' })).toEqual([3]);
    expect(ids({ search: ' rhs-00 ' })).toEqual([1]);
    expect(ids({ search: 'Registrar' })).toEqual([]);
  });

  it('filters by school acronym, department and position together', () => {
    expect(ids({ school: 'RHS' })).toEqual([1]);
    expect(ids({ department: 'IT' })).toEqual([2, 3]);
    expect(ids({ department: 'IT', position: 'Head' })).toEqual([3]);
    expect(ids({ school: 'BNHS', search: 'ana' })).toEqual([]);
  });

  it('builds the choices from the loaded admins: distinct, sorted, no blanks', () => {
    expect(adminFilterChoices(list)).toEqual({
      schools: ['BNHS', 'RHS'],
      departments: ['IT', 'Registrar'],
      positions: ['Head', 'Staff'],
    });
    expect(adminFilterChoices([])).toEqual({ schools: [], departments: [], positions: [] });
  });

  it('knows when any filter is set', () => {
    expect(hasActiveFilters(EMPTY_ADMIN_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_ADMIN_FILTERS, position: 'Head' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_ADMIN_FILTERS, search: '  ' })).toBe(false);
  });
});

describe('admin form validation', () => {
  it("tops missing required fields with 'Please fill in all required fields'", () => {
    const r = checkAdmin(createAdminSchema, { email: 'a@b.co', password: 'Passw0rd!' }, CREATE_ADMIN_REQUIRED);
    expect(r).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
      errors: { firstName: 'First name is required', lastName: 'Last name is required', employeeId: 'Employee ID is required' },
    });
  });

  it('gives the password rule as the message when everything is filled in', () => {
    const r = checkAdmin(
      createAdminSchema,
      { email: 'a@b.co', password: 'short', firstName: 'A', lastName: 'B', employeeId: 'E' },
      CREATE_ADMIN_REQUIRED,
    );
    expect(r).toMatchObject({ ok: false, message: 'Password must be at least 8 characters long' });
  });

  it('Add and Edit share one schema: the school is required in both; only the password differs', () => {
    const base = { email: 'a@b.co', firstName: 'A', lastName: 'B', employeeId: 'E', permissions: {} };
    for (const isNew of [true, false]) {
      expect(
        checkAdmin(adminFormSchema, { ...base, isNew, password: 'LongEnough123', schoolId: '' }, adminFormRequired(isNew)),
      ).toMatchObject({ ok: false, message: 'Please fill in all required fields', errors: { schoolId: 'School is required' } });
      expect(
        checkAdmin(adminFormSchema, { ...base, isNew, password: 'abc', schoolId: 3 }, adminFormRequired(isNew)),
      ).toMatchObject({
        ok: false,
        message: 'Password must be at least 8 characters long',
      });
    }
    expect(
      checkAdmin(adminFormSchema, { ...base, isNew: true, password: '', schoolId: '3' }, adminFormRequired(true)),
    ).toMatchObject({
      ok: false,
      message: 'Please fill in all required fields',
      errors: { password: 'Password is required' },
    });
    // Editing: a blank password keeps the current one.
    expect(
      checkAdmin(adminFormSchema, { ...base, isNew: false, password: '', schoolId: '3' }, adminFormRequired(false)),
    ).toMatchObject({
      ok: true,
      value: { schoolId: 3, password: '' },
    });
  });
});

describe('roles', () => {
  it('are named sets of the catalogue; the registrar and the principal run the school settings', () => {
    expect(ADMIN_ROLES.REGISTRAR.permissions).toContain('MANAGE_SCHOOL_SETTINGS');
    expect(ADMIN_ROLES.PRINCIPAL.permissions).toContain('MANAGE_SCHOOL_SETTINGS');
    expect(ADMIN_ROLES.GUARD.permissions).toEqual(['VIEW_STUDENTS', 'VIEW_ATTENDANCE']);
    const guard = rolePermissions('GUARD', ['VIEW_STUDENTS', 'SEND_SMS', 'VIEW_ATTENDANCE']);
    expect(guard).toEqual({ VIEW_STUDENTS: true, SEND_SMS: false, VIEW_ATTENDANCE: true });
    expect(matchingRole(guard)).toBe('GUARD');
    expect(matchingRole({ ...guard, SEND_SMS: true })).toBeNull();
    expect(matchingRole(rolePermissions('PRINCIPAL'))).toBe('PRINCIPAL');
  });
});
