import { describe, expect, it } from 'vitest';
import {
  addFeature,
  canRemoveFeature,
  checkSystemForm,
  emptySystemForm,
  filterSystemsByText,
  imageChoiceError,
  orderMailto,
  removeFeature,
  saveSystem,
  setFeature,
  systemForm,
  tableFeatures,
} from '@features/systems/actions';
import { MB } from '@domain/files';
import { SYSTEM_LIMITS, SYSTEM_MESSAGES } from '@domain/systems';

const REQUIRED = 'Please fill in all required fields';

describe('system form', () => {
  it('starts with one blank feature input; an existing system fills it', () => {
    expect(emptySystemForm()).toEqual({ name: '', description: '', features: [''] });
    expect(systemForm({ name: 'Gate', description: 'RFID gate', features: ['SMS', 'Logs'] })).toEqual({
      name: 'Gate',
      description: 'RFID gate',
      features: ['SMS', 'Logs'],
    });
    expect(systemForm({ name: 'Gate', description: 'd', features: [] }).features).toEqual(['']);
    expect(systemForm(null)).toEqual(emptySystemForm());
  });

  it('adds, edits and removes features; × only while more than one remains', () => {
    let features = ['SMS'];
    expect(canRemoveFeature(features)).toBe(false);
    expect(removeFeature(features, 0)).toBe(features);
    features = addFeature(features);
    expect(features).toEqual(['SMS', '']);
    expect(canRemoveFeature(features)).toBe(true);
    features = setFeature(features, 1, 'Logs');
    expect(features).toEqual(['SMS', 'Logs']);
    expect(removeFeature(features, 0)).toEqual(['Logs']);
    expect(removeFeature(features, 5)).toBe(features);
  });

  it('asks for every required field with one message and drops blank features', () => {
    expect(checkSystemForm({ name: '', description: 'd', features: ['a'] })).toEqual({ ok: false, message: REQUIRED });
    expect(checkSystemForm({ name: 'n', description: '  ', features: ['a'] })).toEqual({ ok: false, message: REQUIRED });
    expect(checkSystemForm({ name: 'n', description: 'd', features: ['', '  '] })).toEqual({ ok: false, message: REQUIRED });
    expect(checkSystemForm({ name: ' n ', description: 'd', features: ['', ' a ', ''] })).toEqual({
      ok: true,
      value: { name: 'n', description: 'd', features: ['a'] },
    });
  });

  it('stops before sending when the form is incomplete', async () => {
    await expect(saveSystem(emptySystemForm(), [])).resolves.toEqual({ ok: false, message: REQUIRED, errors: {} });
    const tooMany = Array.from({ length: 2 }, (_, i) => new File(['x'], `a${i}.png`, { type: 'image/png' }));
    const existing = { id: 1, images: Array.from({ length: SYSTEM_LIMITS.images - 1 }, (_, i) => `/uploads/${i}.png`) };
    await expect(saveSystem({ name: 'n', description: 'd', features: ['f'] }, tooMany, existing)).resolves.toEqual({
      ok: false,
      message: SYSTEM_MESSAGES.imagesMax,
      errors: {},
    });
  });
});

describe('systems list helpers', () => {
  const systems = [
    { name: 'Gate Pass', description: 'RFID entry', features: ['SMS alerts'] },
    { name: 'Library', description: 'Book loans by card', features: ['Gate'] },
  ];

  it('searches name or description, case-insensitively (not features)', () => {
    expect(filterSystemsByText(systems, '')).toBe(systems);
    expect(filterSystemsByText(systems, ' gate ').map((s) => s.name)).toEqual(['Gate Pass']);
    expect(filterSystemsByText(systems, 'CARD').map((s) => s.name)).toEqual(['Library']);
    expect(filterSystemsByText(systems, 'sms')).toEqual([]);
  });

  it('shows the first two features in the table, then an ellipsis', () => {
    expect(tableFeatures([])).toBe('-');
    expect(tableFeatures(['a'])).toBe('a');
    expect(tableFeatures(['a', 'b'])).toBe('a, b');
    expect(tableFeatures(['a', 'b', 'c'])).toBe('a, b, …');
  });

  it('accepts any image type and refuses other files, oversized images and too many', () => {
    const png = { name: 'a.png', type: 'image/png', size: 10 };
    expect(imageChoiceError([png, { name: 'b.svg', type: 'image/svg+xml', size: 10 }], 0)).toBeNull();
    expect(imageChoiceError([{ name: 'a.txt', type: 'text/plain', size: 1 }], 0)).toBe('"a.txt" is not an image');
    expect(imageChoiceError([{ ...png, size: SYSTEM_LIMITS.imageMb * MB + 1 }], 0)).toMatch(/too large/);
    expect(imageChoiceError([png], SYSTEM_LIMITS.images)).toBe(SYSTEM_MESSAGES.imagesMax);
  });

  it('writes to the customer about the ordered system', () => {
    expect(orderMailto({ email: 'buyer@school.test', systemName: 'Gate & Co' })).toBe(
      'mailto:buyer@school.test?subject=Your%20order%3A%20Gate%20%26%20Co',
    );
  });

  it('encodes the address, so an email such as a@b.c?cc=… cannot add mail headers', () => {
    const link = orderMailto({ email: 'buyer@school.test?cc=spy@evil.test&bcc=x@y.z', systemName: 'Gate' });
    expect(link).toBe('mailto:buyer@school.test%3Fcc%3Dspy%40evil.test%26bcc%3Dx%40y.z?subject=Your%20order%3A%20Gate');
    const url = new URL(link);
    expect([...url.searchParams.keys()]).toEqual(['subject']);
  });
});
