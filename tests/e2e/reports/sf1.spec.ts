import { expect } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';

/*
 * School Form 1 (School Register) from the School Forms screen's SF1 tab, at 390 and 1440 px: the register with the
 * names column in place, a learner without a birth date named with a link to fix it; fixed through the Edit Student
 * form (its School Register fieldset), then the XLSX downloaded.
 */
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test(
  'School Form 1: the register on screen, a missing birth date fixed from its link, the XLSX',
  LAYOUT,
  async ({ page, width }) => {
    const token = await signInViaApi(page);
    const tag = `${suffix}${width}`;
    const post = async (url: string, body: { data?: unknown; multipart?: Record<string, string> }) => {
      const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/${url}`, { headers: auth(token), ...body });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).data as { id: number };
    };
    const school = await post('schools', {
      multipart: {
        data: JSON.stringify({
          name: `Register High ${tag}`,
          acronym: `R${tag.slice(-8)}`.toUpperCase(),
          depedSchoolId: '305981',
        }),
      },
    });
    const year = await page.request.put(`${E2E_BASE_URL}/api/super-admin/schools/${school.id}/calendar/school-year`, {
      headers: auth(token),
      data: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(year.status(), await year.text()).toBe(200);
    const grade = await post('grades', { data: { name: `Grade 7 ${tag}`, level: 7, schoolId: school.id } });
    const section = await post('sections', {
      data: { name: `Rizal ${tag}`, gradeId: grade.id, schoolId: school.id, adviserName: 'Maria L. Santos' },
    });
    const lrn = (i: number) => String(600_000_000_000 + (Date.now() % 100_000_000) * 10 + width + i);
    const learners = [
      {
        firstName: 'Jose',
        lastName: `Abad${tag}`,
        gender: 'MALE',
        dateOfBirth: '2014-06-05',
        motherTongue: 'Hiligaynon',
        barangay: 'San Roque',
        province: 'Iloilo',
        guardianRelationship: 'Mother',
        parentFirstName: 'Rosa',
        parentLastName: 'Abad',
      },
      { firstName: 'Mara', lastName: `Cruz${tag}`, gender: 'FEMALE' },
    ];
    for (const [i, l] of learners.entries())
      await post('register-student', {
        multipart: {
          data: JSON.stringify({
            ...l,
            enrolmentDate: '2026-06-08',
            lrn: lrn(i),
            parentPhone: '0917 123 4567',
            schoolId: school.id,
            gradeId: grade.id,
            sectionId: section.id,
          }),
        },
      });

    await page.goto(`/super-admin/schools/${school.id}/sf2?gradeId=${grade.id}&sectionId=${section.id}`);
    await page.getByRole('tab', { name: 'SF1 School Register' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`School Form 1 - Register High ${tag}`);
    await expect(page.getByLabel('Month')).toHaveCount(0);
    const register = page.getByRole('table', { name: 'School Form 1 school register' });
    const jose = register.getByRole('row', { name: new RegExp(`ABAD${tag.toUpperCase()}, Jose`) });
    await expect(jose).toContainText('06/05/2014');
    await expect(jose).toContainText('Hiligaynon');
    await expect(jose).toContainText('Rosa Abad');
    await expect(jose).toContainText('09171234567');
    await expect(register.getByRole('rowheader', { name: '<=== COMBINED' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Registered learners' })).toContainText('BoSY (06/12/2026)');
    await expectFitsWidth(page, `sf1 ${width}`);

    // Scrolled sideways, the register keeps the names column at its left edge (the LRN column slides under it).
    const name = register.getByRole('rowheader', { name: new RegExp(`ABAD${tag.toUpperCase()}`) });
    const box = register.locator('xpath=..');
    await name.scrollIntoViewIfNeeded();
    await box.evaluate((el) => (el.scrollLeft = 600));
    expect((await name.boundingBox())!.x).toBeCloseTo((await box.boundingBox())!.x, 0);
    await expect(name).toBeInViewport();

    // Mara has no birth date: named with a link, and the files wait for it.
    const alert = page.getByRole('alert').filter({ hasText: 'Fix these before filing the form' });
    await expect(alert).toContainText(`CRUZ${tag.toUpperCase()}, Mara (no birth date)`);
    await page.getByRole('button', { name: 'Download SF1 XLSX' }).click();
    await expect(
      page.getByText(
        `Error: Record the sex and birth date of this learner before making the form: CRUZ${tag.toUpperCase()}, Mara (birth date)`,
      ),
    ).toBeVisible();

    await alert.getByRole('link', { name: `CRUZ${tag.toUpperCase()}, Mara` }).click();
    await page.getByRole('button', { name: `View Mara Cruz${tag}` }).click();
    await page.getByRole('dialog', { name: 'Student Details' }).getByRole('button', { name: 'Edit Student' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student' });
    await edit.getByLabel('Date of Birth').fill('2014-02-14');
    const sf1Fields = edit.getByRole('group', { name: 'School Register (SF1)' });
    await sf1Fields.getByLabel('Religion').fill('Roman Catholic');
    await sf1Fields.getByLabel('Municipality/City').fill('Iloilo City');
    await expectFitsWidth(page, `edit student ${width}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden({ timeout: 5000 });

    await page.goto(`/super-admin/schools/${school.id}/sf2?gradeId=${grade.id}&sectionId=${section.id}&form=sf1`);
    const mara = register.getByRole('row', { name: new RegExp(`CRUZ${tag.toUpperCase()}, Mara`) });
    await expect(mara).toContainText('02/14/2014');
    await expect(mara).toContainText('Roman Catholic');
    await expect(alert).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download SF1 XLSX' }).click();
    expect((await download).suggestedFilename()).toBe(`SF1-Register-High-${tag}-Grade-7-${tag}-Rizal-${tag}-2026-2027.xlsx`);
  },
);
