import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', name));
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** POST /api/super-admin/systems as the console sends it (multipart `data` + repeated `images`). */
async function createSystem(
  request: APIRequestContext,
  token: string,
  data: { name: string; description: string; features: string[] },
  images: Array<{ name: string; mimeType: string; buffer: Buffer }> = [],
) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const img of images) form.append('images', new Blob([new Uint8Array(img.buffer)], { type: img.mimeType }), img.name);
  const res = await request.post(`${E2E_BASE_URL}/api/super-admin/systems`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: form,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: number; name: string; images: string[] };
}

// The tests share what beforeAll seeds under this file's names: one worker runs them, in order (a second beforeAll
// in the same worker would seed the same names again).
test.describe.configure({ mode: 'default' });

test.describe('public systems catalogue and contact form', () => {
  const feature = `Quantumlock${run}`;
  const twoImages = `Gallery Gate ${run}`;
  const broken = `Broken Pic ${run}`;
  const scripted = `Script Desc ${run}`;
  let token: string;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    token = await signInViaApi(context);
    const request = context.request;
    await createSystem(
      request,
      token,
      { name: twoImages, description: 'Two photos of a gate.', features: ['SMS alerts', feature, 'Solar', 'Offline', 'Cloud'] },
      [
        { name: 'front.png', mimeType: 'image/png', buffer: fixture('pixel.png') },
        { name: 'side.gif', mimeType: 'image/gif', buffer: fixture('pixel.gif') },
      ],
    );
    // A GIF signature (the server's content check accepts it) followed by garbage: the browser cannot draw it.
    const corrupt = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('definitely not image data')]);
    await createSystem(request, token, { name: broken, description: 'Its only image is corrupt.', features: ['Reader'] }, [
      { name: 'broken.gif', mimeType: 'image/gif', buffer: corrupt },
    ]);
    await createSystem(request, token, {
      name: scripted,
      description: '<script>alert(1)</script> plus <b>bold</b>',
      features: ['Safe'],
    });
    await context.close();
  });

  test('search by a feature word finds exactly that system', async ({ page }) => {
    await page.goto('/systems');
    await expect(page.getByRole('heading', { level: 1, name: 'Our RFID Systems' })).toBeVisible();
    const search = page.getByPlaceholder('Search by name, description, or features');
    await search.fill(feature.toUpperCase());
    await expect(page.getByText('1 system found')).toBeVisible();
    await expect(page.getByRole('article', { name: twoImages })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    // Three chips, then the rest as '+N more'.
    await expect(page.getByRole('article', { name: twoImages }).getByText('+2 more')).toBeVisible();
    await search.fill(`no such system ${run}`);
    await expect(page.getByText('No systems found matching your search.')).toBeVisible();
    await expect(page.getByText('0 systems found')).toBeVisible();
  });

  test('words typed before the page came alive still filter the list', async ({ page }) => {
    // The island's scripts are held back until the visitor has typed into the pre-rendered box.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/**/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/systems', { waitUntil: 'domcontentloaded' });
    await page.getByPlaceholder('Search by name, description, or features').fill(feature.toUpperCase());
    release();
    await expect(page.getByText('1 system found')).toBeVisible();
    await expect(page.getByRole('article', { name: twoImages })).toBeVisible();
    await expect(page.getByPlaceholder('Search by name, description, or features')).toHaveValue(feature.toUpperCase());
  });

  test('the page brings its systems: no catalogue request on load; Try Again fetches them', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/inquiries/systems') fetched.push(r.url());
    });
    await page.goto('/systems');
    await expect(page.getByRole('article', { name: twoImages })).toBeVisible();
    expect(fetched).toEqual([]);

    // Served without its data (the built file as is): the island fetches the catalogue; when that fails, Try Again.
    let fail = true;
    await page.route('**/api/inquiries/systems', (route) =>
      fail ? route.fulfill({ status: 500, json: { success: false, message: 'Catalogue unavailable' } }) : route.continue(),
    );
    await page.goto('/systems/index.html');
    await expect(page.getByText('Error: Catalogue unavailable')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('article', { name: twoImages })).toBeVisible();
    expect(fetched).toHaveLength(2);
  });

  test('carousel and full-size viewer page through the images and wrap at both ends', async ({ page }) => {
    await page.goto('/systems');
    const card = page.getByRole('article', { name: twoImages });
    await expect(card.getByRole('button', { name: `Next image of ${twoImages}` })).toBeVisible();
    await card.getByRole('button', { name: `Next image of ${twoImages}` }).click();
    await expect(card.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-current', 'true');

    await card.getByRole('button', { name: `View ${twoImages} images full size` }).click();
    const viewer = page.getByRole('dialog', { name: `${twoImages} images` });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('2 / 2')).toBeVisible();
    // The keys work straight away, before anything in the viewer was clicked.
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText('1 / 2')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('2 / 2')).toBeVisible();
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewer.getByText('1 / 2')).toBeVisible();
    await viewer.getByRole('button', { name: 'Previous image' }).click();
    await expect(viewer.getByText('2 / 2')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('1 / 2')).toBeVisible();
    await expect(viewer.getByRole('img', { name: `${twoImages}, image 1 of 2` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await card.getByRole('button', { name: `View ${twoImages} images full size` }).click();
    await page.getByRole('button', { name: 'Close image viewer' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a broken image shows the placeholder icon and markup shows as text', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/systems');
    const card = page.getByRole('article', { name: broken });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('img', { name: 'No image available' })).toBeVisible();
    await expect(card.getByRole('button', { name: /full size/ })).toHaveCount(0);

    const scriptedCard = page.getByRole('article', { name: scripted });
    await expect(scriptedCard.getByText('<script>alert(1)</script> plus <b>bold</b>')).toBeVisible();
    await expect(scriptedCard.getByRole('img', { name: 'No image available' })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('the order flow stores an order that the orders API returns', async ({ page }) => {
    const email = `buyer-${run}@school.test`;
    await page.goto('/systems');
    await page.getByRole('article', { name: twoImages }).getByRole('button', { name: 'Order This System' }).click();
    const modal = page.getByRole('dialog', { name: 'Order System' });
    await expect(modal.getByRole('heading', { name: twoImages })).toBeVisible();
    await expect(modal.getByLabel('Email Address')).toBeFocused();
    await modal.getByLabel('Email Address').fill('not-an-email');
    await modal.getByRole('button', { name: 'Submit Order' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Please enter a valid email address');

    await modal.getByLabel('Email Address').fill(email);
    await modal.getByLabel('Additional Notes').fill('Two gates, <i>please</i>');
    await modal.getByRole('button', { name: 'Submit Order' }).click();
    await expect(modal.getByText('Order submitted successfully! We will contact you soon.')).toBeVisible();
    // Sent means done: no form and no armed Submit button is left to send the order twice.
    await expect(modal.getByRole('button', { name: 'Submit Order' })).toHaveCount(0);
    await expect(modal.getByLabel('Email Address')).toHaveCount(0);
    await expect(modal.getByText('Close', { exact: true })).toBeFocused();
    await modal.getByText('Close', { exact: true }).click();
    await expect(modal).toBeHidden();

    const res = await page.request.get(`${E2E_BASE_URL}/api/super-admin/orders`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const orders = (await res.json()).data as Array<{
      email: string;
      systemName: string;
      status: string;
      additionalNotes: string;
    }>;
    expect(orders.find((o) => o.email === email)).toMatchObject({
      systemName: twoImages,
      status: 'pending',
      additionalNotes: 'Two gates, <i>please</i>',
    });
  });

  test('the contact flow stores an inquiry that the inquiries API returns', async ({ page }) => {
    const email = `parent-${run}@school.test`;
    await page.goto('/inquiries');
    const form = page.getByRole('form', { name: 'Send us a Message' });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Subject is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();

    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Subject').fill(`Quote ${run}`);
    await form.getByLabel('Message').fill('We have 1,200 students. <script>x</script>');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.getByText('Thank you! Your message has been sent successfully. We will get back to you within 24 hours.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    const res = await page.request.get(`${E2E_BASE_URL}/api/inquiries`, { headers: { Authorization: `Bearer ${token}` } });
    const inquiries = (await res.json()).data as Array<{ email: string; subject: string; inquiry: string }>;
    expect(inquiries.find((i) => i.email === email)).toMatchObject({
      subject: `Quote ${run}`,
      inquiry: 'We have 1,200 students. <script>x</script>',
    });
  });
});
