import { z } from 'zod';
import { idPath, isSafeText, UNSAFE_TEXT_ERROR } from '../validation';

/** Server-side limits. */
export const SYSTEM_LIMITS = {
  name: 200,
  description: 5000,
  feature: 200,
  features: 30,
  images: 10,
  imageMb: 5,
} as const;

export const SYSTEM_MESSAGES = {
  // One message for every missing required field.
  required: 'Please fill in all required fields',
  nameMax: `System name must be ${SYSTEM_LIMITS.name} characters or less`,
  descriptionMax: `Description must be ${SYSTEM_LIMITS.description.toLocaleString('en-US')} characters or less`,
  featureMax: `Each feature must be ${SYSTEM_LIMITS.feature} characters or less`,
  featuresMax: `A system can have at most ${SYSTEM_LIMITS.features} features`,
  imagesMax: `A system can have at most ${SYSTEM_LIMITS.images} images`,
  notFound: 'System not found',
  imageNotFound: 'Image not found',
  created: 'System created successfully',
  updated: 'System updated successfully',
  deleted: 'System deleted successfully',
  imageRemoved: 'Image removed successfully',
} as const;

const required = (max: number, maxMessage: string) =>
  z
    .string({ error: SYSTEM_MESSAGES.required })
    .trim()
    .min(1, SYSTEM_MESSAGES.required)
    .max(max, maxMessage)
    .refine(isSafeText, UNSAFE_TEXT_ERROR);

/** Features: blank entries are dropped; at least one must remain. */
const featuresField = z
  .array(
    z
      .string({ error: SYSTEM_MESSAGES.required })
      .trim()
      .max(SYSTEM_LIMITS.feature, SYSTEM_MESSAGES.featureMax)
      .refine(isSafeText, UNSAFE_TEXT_ERROR),
    {
      error: SYSTEM_MESSAGES.required,
    },
  )
  .transform((list) => list.filter((f) => f !== ''))
  .refine((list) => list.length > 0, SYSTEM_MESSAGES.required)
  .refine((list) => list.length <= SYSTEM_LIMITS.features, SYSTEM_MESSAGES.featuresMax);

/** POST /api/super-admin/systems: the `data` part {name, description, features}; images are file parts. */
export const systemCreateSchema = z.object({
  name: required(SYSTEM_LIMITS.name, SYSTEM_MESSAGES.nameMax),
  description: required(SYSTEM_LIMITS.description, SYSTEM_MESSAGES.descriptionMax),
  features: featuresField,
});
export type SystemCreateInput = z.output<typeof systemCreateSchema>;

/**
 * PUT /api/super-admin/systems/{id}: the same fields plus `images`, the paths of the current images
 * to keep (absent → keep them all). New images are file parts.
 */
export const systemUpdateSchema = systemCreateSchema.extend({
  images: z
    .array(z.string({ error: 'Image paths must be text' }).max(300), { error: 'Image paths must be a list' })
    .max(SYSTEM_LIMITS.images, SYSTEM_MESSAGES.imagesMax)
    .optional(),
});
export type SystemUpdateInput = z.output<typeof systemUpdateSchema>;

/** A system as the API returns it: image paths are /uploads/… URLs. */
export const systemSchema = z.object({
  _id: z.number(),
  id: z.number(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  images: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type System = z.infer<typeof systemSchema>;

/** DELETE /api/super-admin/systems/{id}/images/{imageName} */
export const systemImageParamsSchema = z.object({
  id: idPath(SYSTEM_MESSAGES.notFound),
  imageName: z.string().max(300, SYSTEM_MESSAGES.imageNotFound),
});
