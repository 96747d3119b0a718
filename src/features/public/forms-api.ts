import { requestBody } from '@kit/http';
import { INQUIRY_MESSAGES, type InquiryInput } from '@domain/inquiries';
import { ORDER_MESSAGES, type OrderInput } from '@domain/systems/orders';
import { HONEYPOT_FIELD } from '@domain/public-forms';

/** What the public forms send: the validated fields plus the honeypot, exactly as the visitor left it. */
type WithHoneypot<T> = T & { [HONEYPOT_FIELD]?: unknown };

/** POST /api/inquiries (the contact form). */
export async function sendInquiry(input: WithHoneypot<Pick<InquiryInput, 'email' | 'subject' | 'inquiry'>>): Promise<void> {
  await requestBody<null>(INQUIRY_MESSAGES.sendFailed, (api) => api.post('inquiries', { json: input }));
}

/** POST /api/inquiries/orders (the 'Order System' modal). */
export async function submitOrder(
  input: WithHoneypot<Pick<OrderInput, 'email' | 'systemId' | 'additionalNotes'>>,
): Promise<void> {
  await requestBody<null>(ORDER_MESSAGES.submitFailed, (api) => api.post('inquiries/orders', { json: input }));
}
