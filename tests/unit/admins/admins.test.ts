import { describe, expect, it } from 'vitest';
import {
  adminFilterChoices,
  allPermissionsOn,
  checkAdmin,
  CREATE_ADMIN_REQUIRED,
  createAdminSchema,
  EDIT_ADMIN_REQUIRED,
  editAdminFormSchema,
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
  it('shows names with underscores as spaces, capitalised', () => {
    expect(permissionLabel('VIEW_STUDENTS')).toBe('View Students');
    expect(permissionLabel('SEND_SMS')).toBe('Send SMS');
    expect(permissionLabel('MANAGE_RFID_READERS')).toBe('Manage RFID Readers');
    expect(permissionLabel('VIEW_SMS_HISTORY')).toBe('View SMS History');
    expect(permissionLabel('MANAGE_GRADES_SECTIONS')).toBe('Manage Grades Sections');
  });

  it("summarises as 'Disabled', 'All' or the enabled names", () => {
    expect(permissionSummary({})).toBe('Disabled');
    expect(permissionSummary({ VIEW_STUDENTS: false, SEND_SMS: false })).toBe('Disabled');
    expect(permissionSummary({ VIEW_STUDENTS: true, SEND_SMS: true })).toBe('All');
    expect(permissionSummary({ VIEW_STUDENTS: true, SEND_SMS: false, VIEW_REPORTS: true })).toBe('View Students, View Reports');
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

  it('requires the school on the edit form; an empty new password keeps the current one', () => {
    const base = { email: 'a@b.co', firstName: 'A', lastName: 'B', employeeId: 'E', newPassword: '' };
    expect(checkAdmin(editAdminFormSchema, { ...base, schoolId: '' }, EDIT_ADMIN_REQUIRED)).toMatchObject({
      ok: false,
      message: 'Please fill in all required fields',
      errors: { schoolId: 'School is required' },
    });
    const ok = checkAdmin(editAdminFormSchema, { ...base, schoolId: '3' }, EDIT_ADMIN_REQUIRED);
    expect(ok).toMatchObject({ ok: true, value: { schoolId: 3, newPassword: undefined } });
    expect(checkAdmin(editAdminFormSchema, { ...base, schoolId: 3, newPassword: 'abc' }, EDIT_ADMIN_REQUIRED)).toMatchObject({
      ok: false,
      message: 'Password must be at least 8 characters long',
    });
  });
});
