import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, parentOpens, signInViaApi, test } from './helpers';

/*
 * In the console: the student detail shows the parent's Messenger binding (since when,
 * through which page) with Unbind and New link; a new link and its QR code are shown once.
 */
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let seq = 0;

async function seed(request: APIRequestContext, token: string, width: number) {
  seq += 1;
  const tag = `${suffix}${seq}`;
  const post = async (url: string, body: { data?: unknown; multipart?: Record<string, string> }) => {
    const res = await request.post(`${E2E_BASE_URL}/api/super-admin/${url}`, { headers: auth(token), ...body });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as { id: number };
  };
  const school = await post('schools', {
    multipart: { data: JSON.stringify({ name: `Opt-in High ${tag}`, acronym: `O${tag.slice(-8)}`.toUpperCase() }) },
  });
  const grade = await post('grades', { data: { name: `Grade 8 ${tag}`, level: 8, schoolId: school.id } });
  const section = await post('sections', { data: { name: `Luna ${tag}`, gradeId: grade.id, schoolId: school.id } });
  const pageId = `55${Date.now() % 10_000_000}${seq}`;
  await post('facebook-pages', {
    data: { pageId, pageName: `Opt-in Page ${tag}`, accessToken: `EAAB-e2e-${tag}`, schoolId: school.id },
  });
  const lastName = `Dela Cruz${tag}`;
  const student = await post('register-student', {
    multipart: {
      data: JSON.stringify({
        firstName: 'Mara',
        lastName,
        email: `mara.${tag}@students.test`,
        lrn: String(300_000_000_000 + (Date.now() % 100_000_000) * 10 + width),
        password: 'Sampaguita-2026',
        parentPhone: '0917 123 4567',
        schoolId: school.id,
        gradeId: grade.id,
        sectionId: section.id,
      }),
    },
  });
  return { schoolId: school.id, studentId: student.id, name: `Mara ${lastName}`, pageId, pageName: `Opt-in Page ${tag}` };
}

async function openDetail(page: Page, schoolId: number, name: string) {
  await page.goto(`/super-admin/student-management?schoolId=${schoolId}`);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const detail = page.getByRole('dialog', { name: 'Student Details' });
  const section = detail.getByRole('region', { name: 'Parent Messenger' });
  await expect(section).toBeVisible();
  return section;
}

test.describe('Student detail: parent Messenger', () => {
  test('binding, New link (shown once), Unbind', LAYOUT, async ({ page, width }) => {
    const token = await signInViaApi(page);
    const s = await seed(page.request, token, width);

    let section = await openDetail(page, s.schoolId, s.name);
    await expect(section).toContainText('Not connected');
    await expect(section.getByRole('button', { name: 'Unbind' })).toHaveCount(0);
    await section.getByRole('button', { name: 'New link' }).click();
    await expect(section).toContainText('New Messenger link created. The previous link no longer works.');
    const linkEl = section.getByRole('link', { name: /^https:\/\/m\.me\// });
    await expect(linkEl).toHaveText(new RegExp(`^https://m\\.me/${s.pageId}\\?ref=[\\w-]+$`));
    await expect(section.getByRole('img', { name: `QR code of the Messenger link for ${s.pageName}` })).toBeVisible();
    const firstLink = (await linkEl.textContent())!;
    await expectFitsWidth(page, `messenger opt-in with a new link at ${width}`);

    // A second New link asks first (the first link dies), then shows a different link.
    await section.getByRole('button', { name: 'New link' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'New Messenger link' });
    await expect(confirmDialog).toContainText('The link made before stops working at once.');
    await confirmDialog.getByRole('button', { name: 'New link' }).click();
    await expect(linkEl).not.toHaveText(firstLink);
    const link = (await linkEl.textContent())!;
    expect(await parentOpens(page.request, s.pageId, '24200001', firstLink)).toEqual({ bound: 0, refused: 1 });
    expect(await parentOpens(page.request, s.pageId, '24200002', link)).toEqual({ bound: 1, refused: 0 });

    // Opened again, the detail shows the binding and never the link (only its hash is stored).
    section = await openDetail(page, s.schoolId, s.name);
    await expect(section.getByTestId('messenger-binding')).toHaveText(
      new RegExp(`^Connected since .+ through ${s.pageName} \\(${s.pageId}\\)\\.$`),
    );
    await expect(section.getByRole('link', { name: /m\.me/ })).toHaveCount(0);
    await expectFitsWidth(page, `messenger opt-in bound at ${width}`);
    // New link while a parent is connected warns that its user would replace them; Cancel changes nothing.
    await section.getByRole('button', { name: 'New link' }).click();
    const replaceDialog = page.getByRole('dialog', { name: 'New Messenger link' });
    await expect(replaceDialog).toContainText('Whoever opens the new link replaces the parent connected now.');
    await replaceDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(replaceDialog).toHaveCount(0);
    await expect(section.getByRole('link', { name: /m\.me/ })).toHaveCount(0);

    await section.getByRole('button', { name: 'Unbind' }).click();
    const unbindDialog = page.getByRole('dialog', { name: 'Unbind Messenger' });
    await expect(unbindDialog).toContainText('The parent will get no Messenger notifications until they open a new link.');
    await unbindDialog.getByRole('button', { name: 'Unbind' }).click();
    await expect(section).toContainText('Parent disconnected from Messenger.');
    await expect(section.getByTestId('messenger-binding')).toHaveText(
      'Not connected: the parent gets no Messenger notifications.',
    );
    await expect(section.getByRole('button', { name: 'Unbind' })).toHaveCount(0);
    // The used link stays dead after the unbind.
    expect(await parentOpens(page.request, s.pageId, '24200002', link)).toEqual({ bound: 0, refused: 1 });
  });
});
