import type { Feature } from '@core/feature';
import inquiryRoutes from './routes';

/** The inquiries feature: its routes (server/features/index.ts lists it). */
export const inquiriesFeature: Feature = {
  name: 'inquiries',
  open: [{ routes: inquiryRoutes, prefix: '/api/inquiries' }],
};
export { registerCataloguePage } from './catalogue-page';
