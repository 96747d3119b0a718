import { describe, expect, it } from 'vitest';
import { honeypotFilled } from '@domain/public-forms';
import { inquirySchema } from '@domain/inquiries';
import { orderSchema } from '@domain/systems/orders';
import { systemCreateSchema } from '@domain/systems';
import { validate } from '@domain/validation';

describe('public form rules shared by the islands and the API', () => {
  it('treats only a non-blank honeypot as a bot', () => {
    expect(honeypotFilled({})).toBe(false);
    expect(honeypotFilled({ website: '' })).toBe(false);
    expect(honeypotFilled({ website: '  ' })).toBe(false);
    expect(honeypotFilled({ website: null })).toBe(false);
    expect(honeypotFilled(null)).toBe(false);
    expect(honeypotFilled({ website: 'http://spam' })).toBe(true);
    expect(honeypotFilled({ website: ['x'] })).toBe(true);
  });

  it('requires every contact field (nothing is sent while one is empty)', () => {
    expect(validate(inquirySchema, { email: 'a@b.co', subject: 'Hi', inquiry: '' })).toEqual({
      ok: false,
      errors: { inquiry: 'Message is required' },
    });
    expect(validate(inquirySchema, { email: 'a@b.co', subject: ' Hi ', inquiry: '<b>x</b>' })).toMatchObject({
      ok: true,
      value: { subject: 'Hi', inquiry: '<b>x</b>' },
    });
  });

  it('requires a valid email and a system for an order; notes are optional', () => {
    expect(validate(orderSchema, { email: 'nope', systemId: 3 })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
    expect(validate(orderSchema, { email: 'a@b.co' })).toEqual({ ok: false, errors: { systemId: 'Please select a system' } });
    expect(validate(orderSchema, { email: 'A@B.co', systemId: '3', additionalNotes: ' ' })).toMatchObject({
      ok: true,
      value: { email: 'a@b.co', systemId: 3, additionalNotes: null },
    });
  });

  it('drops blank features and needs at least one', () => {
    const base = { name: 'Gate', description: 'Reader' };
    expect(validate(systemCreateSchema, { ...base, features: [' ', 'SMS ', ''] })).toMatchObject({
      ok: true,
      value: { features: ['SMS'] },
    });
    expect(validate(systemCreateSchema, { ...base, features: [' '] })).toEqual({
      ok: false,
      errors: { features: 'Please fill in all required fields' },
    });
  });
});
