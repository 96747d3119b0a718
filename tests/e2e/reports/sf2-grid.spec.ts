import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';

/*
 * The SF2 preview's grid at both widths: on a 390 px phone the learners' names stay in place (sticky) while the day
 * columns scroll sideways inside the grid's own box, and the page itself does not overflow; at 1440 px every column
 * (the last day, the totals, the remarks) can be reached.
 */
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function seed(page: Page, width: number) {
  const token = await signInViaApi(page);
  const tag = `${suffix}${width}`;
  const call = async (
    method: 'post' | 'put' | 'patch',
    url: string,
    body: { data?: unknown; multipart?: Record<string, string> },
  ) => {
    const res = await page.request[method](`${E2E_BASE_URL}/api/super-admin/${url}`, {
      headers: { Authorization: `Bearer ${token}` },
      ...body,
    });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()).data as { id: number };
  };
  const school = await call('post', 'schools', {
    multipart: {
      data: JSON.stringify({ name: `Grid High ${tag}`, acronym: `G${tag.slice(-8)}`.toUpperCase(), depedSchoolId: '305978' }),
    },
  });
  await call('put', `schools/${school.id}/calendar/school-year`, { data: { start: '2026-06-08', end: '2027-04-09' } });
  const grade = await call('post', 'grades', { data: { name: 'Grade 8', level: 8, schoolId: school.id } });
  const section = await call('post', 'sections', { data: { name: 'Molave', gradeId: grade.id, schoolId: school.id } });
  const ids: number[] = [];
  for (const [i, [first, last, gender]] of [
    ['Teresita', 'Dimaculangan', 'FEMALE'],
    ['Bienvenido', 'Macaraeg', 'MALE'],
  ].entries()) {
    const learner = await call('post', 'register-student', {
      multipart: {
        data: JSON.stringify({
          firstName: first,
          lastName: `${last}${tag}`,
          gender,
          enrolmentDate: '2026-06-08',
          email: `${first.toLowerCase()}.${tag}@students.test`,
          lrn: String(510_000_000_000 + (Date.now() % 100_000_000) * 10 + width + i),
          password: 'Sampaguita-2026',
          parentPhone: '0917 123 4567',
          schoolId: school.id,
          gradeId: grade.id,
          sectionId: section.id,
        }),
      },
    });
    ids.push(learner.id);
  }
  // A long remark in the last column: transferred out to a school with a long name.
  await call('post', `students/${ids[0]}/movement`, {
    data: { kind: 'TRANSFERRED_OUT', date: '2026-11-20', school: 'Pedro Guevara Memorial National High School' },
  });
  return { schoolId: school.id, gradeId: grade.id, sectionId: section.id, tag };
}

/** An element's box on the screen. */
const rect = (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

test('SF2 grid: names stay in place while the days scroll; every column can be reached', LAYOUT, async ({ page, width }) => {
  const s = await seed(page, width);
  await page.goto(`/super-admin/schools/${s.schoolId}/sf2?gradeId=${s.gradeId}&sectionId=${s.sectionId}&month=2026-11`);
  const grid = page.getByRole('table', { name: 'School Form 2 attendance grid' });
  const name = grid.getByRole('rowheader', { name: `MACARAEG${s.tag.toUpperCase()}, Bienvenido` });
  await expect(name).toBeVisible();
  await expectFitsWidth(page, `SF2 grid at ${width}px`);
  const box = grid.locator('xpath=..');
  const [boxWidth, scrollWidth] = await box.evaluate((el) => [el.clientWidth, el.scrollWidth]);
  const nameBefore = await rect(name);
  // No., Learner's Name, the days, Absent, Tardy, Remarks.
  const headers = grid.getByRole('columnheader');
  const count = await headers.count();
  const firstDay = headers.nth(2);
  await expect(firstDay).toHaveText(/^\d+\s*(M|T|W|TH|F)$/);
  const dayBefore = await rect(firstDay);

  if (width < 500) {
    // The phone: the grid is wider than its box, which scrolls; the page does not.
    expect(scrollWidth).toBeGreaterThan(boxWidth);
    await box.evaluate((el) => el.scrollTo({ left: 240 }));
    await expect.poll(async () => (await rect(firstDay)).x).toBeLessThan(dayBefore.x - 200);
    const nameAfter = await rect(name);
    expect(Math.abs(nameAfter.x - nameBefore.x), 'the names column stays in place').toBeLessThanOrEqual(1);
    // The name is not hidden under the days that scrolled beneath it.
    await name.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
    const top = await name.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + 8, r.y + r.height / 2);
      return hit?.closest('th') === el ? 'the name' : (hit?.outerHTML.slice(0, 80) ?? 'nothing');
    });
    expect(top, 'the name is drawn over the scrolled days').toBe('the name');
    await expectFitsWidth(page, `SF2 grid scrolled at ${width}px`);
  }

  // Every column can be reached: the last day, ABSENT, TARDY and REMARKS come into the box (scrolled to its end if
  // the grid is wider than it) and into the window, whole.
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const boxRect = await rect(box);
  const viewport = page.viewportSize()!;
  const last = [count - 4, count - 3, count - 2, count - 1].map((k) => headers.nth(k));
  await expect(last[0]!).toHaveText(/^(27\s*F|30\s*M)$/);
  await expect(last[1]!).toHaveText('Absent');
  await expect(last[3]!).toHaveText('Remarks');
  for (const header of last) {
    const r = await rect(header);
    const label = (await header.textContent()) ?? '';
    expect(r.x, `${label}: its left edge in the box`).toBeGreaterThanOrEqual(boxRect.x - 1);
    expect(r.x + r.width, `${label}: its right edge in the box`).toBeLessThanOrEqual(boxRect.x + boxRect.width + 1);
    expect(r.x + r.width, `${label}: its right edge in the window`).toBeLessThanOrEqual(viewport.width);
  }
  const remark = grid.getByRole('cell', { name: /^T\/O to Pedro Guevara Memorial National High School Nov 20, 2026$/ });
  await expect(remark).toBeVisible();
  const r = await rect(remark);
  expect(r.x + r.width).toBeLessThanOrEqual(boxRect.x + boxRect.width + 1);
  // The names are still there at the far right of the grid.
  expect(Math.abs((await rect(name)).x - nameBefore.x)).toBeLessThanOrEqual(width < 500 ? 1 : boxRect.width);
  await expect(name).toBeInViewport();
});
