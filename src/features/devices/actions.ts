import { toApiError } from '@kit/http';
import { createSmsDevice, deleteSmsDevice, testSmsDevice, updateSmsDevice } from './sms-devices-api';
import {
  createFacebookPage,
  deleteFacebookPage,
  sendFacebookMessage,
  testFacebookPage,
  updateFacebookPage,
} from './facebook-pages-api';
import {
  SMS_DEVICE_MESSAGES,
  smsDeviceCreateSchema,
  smsDeviceUpdateSchema,
  type SmsDevice,
  type SmsDeviceForm,
} from '@domain/devices/sms-devices';
import {
  FACEBOOK_PAGE_MESSAGES,
  facebookPageCreateSchema,
  facebookPageUpdateSchema,
  type FacebookPage,
  type FacebookPageForm,
} from '@domain/devices/facebook-pages';
import { validate } from '@domain/validation';
import { actionFailure, invalid, type ActionResult } from '@kit/form/action';

/*
 * Device Management: form → payload rules and the calls of the SMS Devices and
 * Facebook Pages tabs, kept out of the JSX.
 */

/**
 * Daily limit and description are sent only when given (empty or zero = absent); on an edit a
 * cleared value is sent as null, and a blank API key keeps the stored one.
 */
export function smsDevicePayload(form: SmsDeviceForm, existing: SmsDevice | null): Record<string, unknown> {
  const limit = form.dailyLimit.trim();
  const payload: Record<string, unknown> = {
    name: form.name,
    deviceName: form.deviceName,
    phoneNumber: form.phoneNumber,
    schoolId: form.schoolId ? Number(form.schoolId) : null,
    status: form.status,
    // Sent as typed: the schema gives the 1–60 message; digits only go as a number.
    sendRatePerMinute: /^\d+$/.test(form.sendRatePerMinute.trim())
      ? Number(form.sendRatePerMinute.trim())
      : form.sendRatePerMinute,
    isDefault: form.isDefault,
  };
  if (form.apiKey.trim() || !existing) payload.apiKey = form.apiKey;
  if (limit && limit !== '0') payload.dailyLimit = /^\d+$/.test(limit) ? Number(limit) : limit;
  else if (existing?.dailyLimit) payload.dailyLimit = null;
  if (form.description.trim()) payload.description = form.description;
  else if (existing?.description) payload.description = null;
  return payload;
}

export async function saveSmsDevice(form: SmsDeviceForm, existing: SmsDevice | null): Promise<ActionResult<SmsDevice>> {
  const payload = smsDevicePayload(form, existing);
  const checked = validate(existing ? smsDeviceUpdateSchema : smsDeviceCreateSchema, payload);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const res = existing ? await updateSmsDevice(existing.id, payload) : await createSmsDevice(payload);
    return { ok: true, message: res.message ?? 'Saved', data: res.data };
  } catch (err) {
    return actionFailure(err, existing ? 'Failed to update SMS device' : 'Failed to create SMS device');
  }
}

/** Device test texts: success, the server's failure, or 'An error occurred…' when no answer came. */
export async function runDeviceTest(id: number, phone: string): Promise<ActionResult<null>> {
  if (!phone.trim()) return invalid({ testPhoneNumber: SMS_DEVICE_MESSAGES.testPhone });
  try {
    await testSmsDevice(id, phone.trim());
    return { ok: true, message: SMS_DEVICE_MESSAGES.testSent, data: null };
  } catch (err) {
    const e = await toApiError(err, SMS_DEVICE_MESSAGES.testFailed);
    return { ok: false, message: e.status === 0 ? SMS_DEVICE_MESSAGES.testError : e.message, errors: e.errors };
  }
}

export async function removeSmsDevice(id: number): Promise<ActionResult<null>> {
  try {
    await deleteSmsDevice(id);
    return { ok: true, message: 'Deleted', data: null };
  } catch (err) {
    return actionFailure(err, 'Failed to delete SMS device');
  }
}

export function facebookPagePayload(form: FacebookPageForm, existing: FacebookPage | null): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    pageId: form.pageId,
    pageName: form.pageName,
    schoolId: form.schoolId,
    isActive: form.isActive,
  };
  if (form.accessToken.trim() || !existing) payload.accessToken = form.accessToken;
  return payload;
}

export async function saveFacebookPage(
  form: FacebookPageForm,
  existing: FacebookPage | null,
): Promise<ActionResult<FacebookPage>> {
  const payload = facebookPagePayload(form, existing);
  const checked = validate(existing ? facebookPageUpdateSchema : facebookPageCreateSchema, payload);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const res = existing ? await updateFacebookPage(existing.id, checked.value) : await createFacebookPage(checked.value);
    return { ok: true, message: res.message ?? 'Saved', data: res.data };
  } catch (err) {
    return actionFailure(err, existing ? 'Failed to update Facebook page' : 'Failed to create Facebook page');
  }
}

export async function removeFacebookPage(id: number): Promise<ActionResult<null>> {
  try {
    await deleteFacebookPage(id);
    return { ok: true, message: 'Deleted', data: null };
  } catch (err) {
    return actionFailure(err, 'Failed to delete Facebook page');
  }
}

export async function runPageTest(id: number): Promise<ActionResult<null>> {
  try {
    await testFacebookPage(id);
    return { ok: true, message: FACEBOOK_PAGE_MESSAGES.testOk, data: null };
  } catch (err) {
    const e = await toApiError(err, FACEBOOK_PAGE_MESSAGES.testFailed);
    return { ok: false, message: e.status === 0 ? FACEBOOK_PAGE_MESSAGES.testError : e.message, errors: e.errors };
  }
}

/** The test message does nothing when the recipient id or the message is blank. */
export async function runPageMessage(pageId: number, recipientId: string, message: string): Promise<ActionResult<null> | null> {
  if (!recipientId.trim() || !message.trim()) return null;
  try {
    await sendFacebookMessage({ pageId, recipientId: recipientId.trim(), message: message.trim() });
    return { ok: true, message: FACEBOOK_PAGE_MESSAGES.sendOk, data: null };
  } catch (err) {
    const e = await toApiError(err, FACEBOOK_PAGE_MESSAGES.sendFailed);
    return { ok: false, message: e.status === 0 ? FACEBOOK_PAGE_MESSAGES.sendError : e.message, errors: e.errors };
  }
}
