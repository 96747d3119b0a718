import { createSystem, deleteSystem, updateSystem } from './api';
import { updateOrderStatus } from './orders-api';
import { MB } from '@domain/files';
import { SYSTEM_LIMITS, SYSTEM_MESSAGES, systemCreateSchema, type System } from '@domain/systems';
import { ORDER_MESSAGES, type Order, type OrderStatus } from '@domain/systems/orders';
import { validate } from '@domain/validation';
import { actionFailure, type ActionResult } from '@kit/form/action';
import { mailtoLink } from '@kit/text/mailto';

/*
 * Systems & Orders Management: the form rules and the calls of the console's
 * Systems and Orders tabs, kept out of the JSX. Every failure comes back as one banner message.
 */

/** The 'Create New System' / 'Edit System' form: features are one text input each. */
export interface SystemForm {
  name: string;
  description: string;
  features: string[];
}

/** Empty form: one (blank) feature input to start with. */
export const emptySystemForm = (): SystemForm => ({ name: '', description: '', features: [''] });

/** The form for an existing system (or an empty one). */
export function systemForm(system?: Pick<System, 'name' | 'description' | 'features'> | null): SystemForm {
  if (!system) return emptySystemForm();
  return {
    name: system.name,
    description: system.description,
    features: system.features.length ? [...system.features] : [''],
  };
}

/** '+ Add Feature': a new blank input at the end. */
export const addFeature = (features: string[]): string[] => [...features, ''];

/** × is offered only while more than one feature input remains. */
export const canRemoveFeature = (features: string[]): boolean => features.length > 1;

export function removeFeature(features: string[], index: number): string[] {
  if (!canRemoveFeature(features) || index < 0 || index >= features.length) return features;
  return features.filter((_, i) => i !== index);
}

export const setFeature = (features: string[], index: number, value: string): string[] =>
  features.map((f, i) => (i === index ? value : f));

/** Console search (Systems tab): case-insensitive over name or description. */
export function filterSystemsByText<T extends Pick<System, 'name' | 'description'>>(systems: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return systems;
  return systems.filter((s) => s.name.toLowerCase().includes(q) || s.description.toLowerCase().includes(q));
}

/** Table cell: the first 2 features, then an ellipsis when there are more. '-' without any. */
export function tableFeatures(features: string[], max = 2): string {
  if (features.length === 0) return '-';
  const shown = features.slice(0, max).join(', ');
  return features.length > max ? `${shown}, …` : shown;
}

/**
 * Why newly chosen images cannot be added (any image type, several at once), or null. The
 * server's per-image size and per-system count limits are checked here too, so nothing is sent in vain.
 */
export function imageChoiceError(chosen: Array<Pick<File, 'name' | 'type' | 'size'>>, alreadyCount: number): string | null {
  for (const file of chosen) {
    if (!file.type.startsWith('image/')) return `"${file.name}" is not an image`;
    if (file.size > SYSTEM_LIMITS.imageMb * MB) return `Image "${file.name}" is too large (max ${SYSTEM_LIMITS.imageMb} MB)`;
  }
  if (alreadyCount + chosen.length > SYSTEM_LIMITS.images) return SYSTEM_MESSAGES.imagesMax;
  return null;
}

/** The first message of a form check ('Please fill in all required fields' for anything missing). */
export function checkSystemForm(form: SystemForm) {
  const checked = validate(systemCreateSchema, form);
  if (checked.ok) return { ok: true as const, value: checked.value };
  return { ok: false as const, message: Object.values(checked.errors)[0] ?? SYSTEM_MESSAGES.required };
}

/** A failure as one banner message: the server's message (or a field's), else the call's default. */
async function failure(err: unknown, fallback: string): Promise<ActionResult<never>> {
  const r = await actionFailure(err, fallback);
  if (r.ok) return r;
  return { ok: false, message: r.message ?? Object.values(r.errors)[0] ?? fallback, errors: {} };
}

/**
 * Creates a system, or saves an edit of `existing` (its kept image paths go in data.images); `images`
 * are the new files. Blank features are dropped; a missing name, description or feature stops here.
 */
export async function saveSystem(
  form: SystemForm,
  images: File[],
  existing?: { id: number; images: string[] } | null,
): Promise<ActionResult<System>> {
  const checked = checkSystemForm(form);
  if (!checked.ok) return { ok: false, message: checked.message, errors: {} };
  const problem = imageChoiceError(images, existing?.images.length ?? 0);
  if (problem) return { ok: false, message: problem, errors: {} };
  try {
    const res = existing
      ? await updateSystem(existing.id, { ...checked.value, images: existing.images }, images)
      : await createSystem(checked.value, images);
    return {
      ok: true,
      message: res.message ?? (existing ? SYSTEM_MESSAGES.updated : SYSTEM_MESSAGES.created),
      data: res.data,
    };
  } catch (err) {
    return failure(err, existing ? 'Failed to update system' : 'Failed to create system');
  }
}

export async function removeSystem(id: number): Promise<ActionResult<null>> {
  try {
    const res = await deleteSystem(id);
    return { ok: true, message: res.message ?? SYSTEM_MESSAGES.deleted, data: null };
  } catch (err) {
    return failure(err, 'Failed to delete system');
  }
}

/** Orders tab: any status may be chosen at any time; the list reloads after. */
export async function changeOrderStatus(id: number, status: OrderStatus): Promise<ActionResult<Order>> {
  try {
    const res = await updateOrderStatus(id, status);
    return { ok: true, message: res.message ?? ORDER_MESSAGES.statusUpdated, data: res.data };
  } catch (err) {
    return failure(err, 'Failed to update order status');
  }
}

/** The Email action of an order: a mail composer addressed to the customer, about the ordered system. */
export function orderMailto(order: Pick<Order, 'email' | 'systemName'>): string {
  return mailtoLink(order.email, { subject: `Your order: ${order.systemName}` });
}
