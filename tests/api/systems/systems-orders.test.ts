import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp } from '../../helpers/app';
import { fixture, logsOf, uploadedFiles } from '../../helpers/schools';

type Part = Parameters<typeof multipart>[0][number];
type SystemData = { id: number; name: string; images: string[]; features: string[]; description: string };

const png = (filename = 'front.png'): Part => ({
  name: 'images',
  filename,
  content: fixture('pixel.png'),
  contentType: 'image/png',
});
const gif = (filename = 'side.gif'): Part => ({
  name: 'images',
  filename,
  content: fixture('pixel.gif'),
  contentType: 'image/gif',
});
const fields = { name: 'Campus Gate', description: 'Entrance reader with SMS', features: ['Dual antenna', 'SMS alerts'] };

describe(`systems and orders API (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const uploads = () => uploadedFiles(t.config.uploadDir);
  const onDisk = (url: string) => fs.existsSync(path.join(t.config.uploadDir, path.basename(url)));
  const send = (method: 'POST' | 'PUT', url: string, data: unknown, files: Part[] = []) =>
    as(token)(t.app, { method, url, ...multipart([{ name: 'data', value: JSON.stringify(data) }, ...files]) });
  const create = (data: unknown, files: Part[] = []) => send('POST', '/api/super-admin/systems', data, files);
  const systemCount = async () => (await t.app.db.selectFrom('systems').select('id').execute()).length;

  async function createOk(data: unknown = fields, files: Part[] = []): Promise<SystemData> {
    const res = await create(data, files);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => t.close());

  it('requires a super-admin session on every systems and orders route', async () => {
    for (const [method, url] of [
      ['GET', '/api/super-admin/systems'],
      ['POST', '/api/super-admin/systems'],
      ['PUT', '/api/super-admin/systems/1'],
      ['DELETE', '/api/super-admin/systems/1'],
      ['DELETE', '/api/super-admin/systems/1/images/a.png'],
      ['GET', '/api/super-admin/orders'],
      ['PATCH', '/api/super-admin/orders/1/status'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('two concurrent edits of one system never leave a reference to a removed image file', async () => {
    const system = await createOk({ ...fields, name: 'Race Gate' }, [png('one.png'), gif('two.gif')]);
    const [one, two] = system.images;
    // Both edits reach the point of storing their new image before either continues, unless the other is held
    // by the lock (it cannot arrive, so after 50 ms the one here goes on: without the lock both arrive within
    // a few milliseconds, in this one process).
    const adopt = t.app.uploads.adopt.bind(t.app.uploads);
    let waiting: Array<() => void> = [];
    t.app.uploads.adopt = async (...args: Parameters<typeof adopt>) => {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) for (const go of waiting) go();
        setTimeout(resolve, 50);
      });
      return adopt(...args);
    };
    try {
      const url = `/api/super-admin/systems/${system.id}`;
      const [a, b] = await Promise.all([
        send('PUT', url, { ...fields, name: 'Race Gate', images: [one] }, [png('a.png')]),
        send('PUT', url, { ...fields, name: 'Race Gate', images: [two] }, [gif('b.gif')]),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    } finally {
      t.app.uploads.adopt = adopt;
      waiting = [];
    }
    const after = (await as(token)(t.app, { method: 'GET', url: `/api/super-admin/systems/${system.id}` })).json()
      .data as SystemData;
    expect(after.images.length).toBeGreaterThan(0);
    expect(after.images.filter((u) => !onDisk(u))).toEqual([]);
  });

  it('creates a system with uploaded images, serves them and logs CREATE_SYSTEM', async () => {
    const res = await create({ ...fields, features: ['Dual antenna', '  ', 'SMS alerts', ''] }, [png(), gif()]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'System created successfully' });
    const system = res.json().data;
    expect(system).toMatchObject({ _id: system.id, name: 'Campus Gate', features: ['Dual antenna', 'SMS alerts'] });
    expect(system.images).toHaveLength(2);
    expect(system.images[0]).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect(system.images[1]).toMatch(/^\/uploads\/[\w-]+\.gif$/);
    expect(system.images.every(onDisk)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: system.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    const [log] = await logsOf(t.app, 'CREATE_SYSTEM');
    expect(log).toMatchObject({ entity: 'System', entityId: String(system.id), userRole: 'SUPER_ADMIN' });
    const list = (await as(token)(t.app, { method: 'GET', url: '/api/super-admin/systems' })).json().data;
    expect(list[0]).toEqual(system);
  });

  it('accepts a JSON body without images', async () => {
    const res = await as(token)(t.app, { method: 'POST', url: '/api/super-admin/systems', payload: fields });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.images).toEqual([]);
  });

  it('rejects missing fields with the spec message, and bad files, saving nothing', async () => {
    const systems = await systemCount();
    const files = uploads();
    for (const data of [
      {},
      { ...fields, name: ' ' },
      { ...fields, description: '' },
      { ...fields, features: [] },
      { ...fields, features: ['', ' '] },
      { ...fields, features: 'x' },
    ]) {
      const res = await create(data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Please fill in all required fields' });
    }
    const tooLong = await create({ ...fields, name: 'n'.repeat(201) });
    expect(tooLong.json().message).toBe('System name must be 200 characters or less');

    const text: Part = { name: 'images', filename: 'evil.png', content: fixture('not-an-image.txt'), contentType: 'image/png' };
    const notImage = await create(fields, [png(), text]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/Image "evil.png" must be one of: JPG, PNG, GIF, WEBP/);

    const big: Part = {
      name: 'images',
      filename: 'big.png',
      content: Buffer.concat([fixture('pixel.png'), Buffer.alloc(5 * 1024 * 1024)]),
    };
    expect((await create(fields, [big])).statusCode).toBe(413);

    const eleven = Array.from({ length: 11 }, (_, i) => png(`p${i}.png`));
    const tooMany = await create(fields, eleven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A system can have at most 10 images');

    const badJson = await as(token)(t.app, {
      method: 'POST',
      url: '/api/super-admin/systems',
      ...multipart([{ name: 'data', value: '{nope' }]),
    });
    expect(badJson.statusCode).toBe(400);

    expect(await systemCount()).toBe(systems);
    expect(uploads()).toEqual(files);
  });

  it('stores markup as typed text', async () => {
    const system = await createOk({ ...fields, description: '<script>alert(1)</script>', features: ['<b>bold</b>'] });
    expect(system.description).toBe('<script>alert(1)</script>');
    expect(system.features).toEqual(['<b>bold</b>']);
  });

  it('updates fields, keeps listed images, adds new ones and deletes the files of removed ones', async () => {
    const system = await createOk(fields, [png(), gif()]);
    const [keep, drop] = system.images as [string, string];
    const res = await send(
      'PUT',
      `/api/super-admin/systems/${system.id}`,
      { ...fields, name: 'Campus Gate 2', images: [keep, '/uploads/someone-else.png'] },
      [png('new.png')],
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated.name).toBe('Campus Gate 2');
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(keep);
    expect(onDisk(keep)).toBe(true);
    expect(onDisk(updated.images[1])).toBe(true);
    expect(onDisk(drop)).toBe(false);
    const [log] = await logsOf(t.app, 'UPDATE_SYSTEM');
    expect(log!.details.changes.name).toEqual({ from: 'Campus Gate', to: 'Campus Gate 2' });

    // Without an images list every current image stays.
    const same = await send('PUT', `/api/super-admin/systems/${system.id}`, fields);
    expect(same.json().data.images).toEqual(updated.images);

    // A bad new file fails the whole update: nothing changes, nothing is written or deleted.
    const files = uploads();
    const bad = await send('PUT', `/api/super-admin/systems/${system.id}`, { ...fields, name: 'Changed', images: [] }, [
      { name: 'images', filename: 'x.png', content: fixture('not-an-image.txt') },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(uploads()).toEqual(files);
    const reread = (await as(token)(t.app, { method: 'GET', url: `/api/super-admin/systems/${system.id}` })).json().data;
    expect(reread).toMatchObject({ name: 'Campus Gate', images: updated.images });
  });

  it('removes one image by file name, from the list and from disk', async () => {
    const system = await createOk(fields, [png(), gif()]);
    const name = path.basename(system.images[0]!);
    const res = await as(token)(t.app, { method: 'DELETE', url: `/api/super-admin/systems/${system.id}/images/${name}` });
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Image removed successfully',
      data: { images: [system.images[1]] },
    });
    expect(onDisk(system.images[0]!)).toBe(false);
    const again = await as(token)(t.app, { method: 'DELETE', url: `/api/super-admin/systems/${system.id}/images/${name}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Image not found');
    expect((await logsOf(t.app, 'REMOVE_SYSTEM_IMAGE'))[0]).toMatchObject({ entityId: String(system.id) });
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of ['999999', 'abc', '99999999999', '0']) {
      for (const [method, url] of [
        ['GET', `/api/super-admin/systems/${id}`],
        ['DELETE', `/api/super-admin/systems/${id}`],
        ['DELETE', `/api/super-admin/systems/${id}/images/a.png`],
      ] as const) {
        const res = await as(token)(t.app, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('System not found');
      }
      const put = await send('PUT', `/api/super-admin/systems/${id}`, fields);
      expect(put.statusCode).toBe(404);
      const status = await as(token)(t.app, {
        method: 'PATCH',
        url: `/api/super-admin/orders/${id}/status`,
        payload: { status: 'confirmed' },
      });
      expect(status.statusCode).toBe(404);
      expect(status.json().message).toBe('Order not found');
    }
  });

  it('lists orders, changes their status to any value, and rejects other values', async () => {
    const system = await createOk({ ...fields, name: 'Order Me' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/orders',
      payload: { email: 'buyer@x.ph', systemId: system.id, additionalNotes: 'ASAP' },
    });
    expect(order.statusCode).toBe(201);
    const list = (await as(token)(t.app, { method: 'GET', url: '/api/super-admin/orders' })).json();
    expect(list.success).toBe(true);
    const [newest] = list.data;
    expect(newest).toMatchObject({ email: 'buyer@x.ph', systemName: 'Order Me', status: 'pending', additionalNotes: 'ASAP' });
    expect(newest._id).toBe(newest.id);
    expect(typeof newest.createdAt).toBe('string');

    const patch = (status: unknown) =>
      as(token)(t.app, { method: 'PATCH', url: `/api/super-admin/orders/${newest.id}/status`, payload: { status } });
    for (const status of ['completed', 'in_progress', 'pending', 'cancelled', 'confirmed']) {
      const res = await patch(status);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    for (const bad of ['shipped', '', null, 3]) {
      const res = await patch(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Status must be one of: pending, confirmed, in_progress, completed, cancelled');
    }
    const [log] = await logsOf(t.app, 'UPDATE_ORDER_STATUS');
    expect(log).toMatchObject({ entity: 'Order', entityId: String(newest.id), userRole: 'SUPER_ADMIN' });
    expect(log!.details.changes.status).toEqual({ from: 'cancelled', to: 'confirmed' });
  });

  it('deletes a system with its image files; its orders keep the system name', async () => {
    const system = await createOk({ ...fields, name: 'Short Lived' }, [png(), gif()]);
    await t.app.inject({ method: 'POST', url: '/api/inquiries/orders', payload: { email: 'keep@x.ph', systemId: system.id } });
    const res = await as(token)(t.app, { method: 'DELETE', url: `/api/super-admin/systems/${system.id}` });
    expect(res.json()).toMatchObject({ success: true, message: 'System deleted successfully' });
    expect(system.images.some(onDisk)).toBe(false);
    expect((await as(token)(t.app, { method: 'GET', url: `/api/super-admin/systems/${system.id}` })).statusCode).toBe(404);
    const orders = (await as(token)(t.app, { method: 'GET', url: '/api/super-admin/orders' })).json().data;
    expect(orders.find((o: { email: string }) => o.email === 'keep@x.ph')).toMatchObject({
      systemName: 'Short Lived',
      systemId: null,
    });
    expect((await logsOf(t.app, 'DELETE_SYSTEM'))[0]).toMatchObject({ entityId: String(system.id), userRole: 'SUPER_ADMIN' });
  });
});
