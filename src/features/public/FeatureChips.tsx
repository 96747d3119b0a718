import { featurePreview } from '@domain/systems/catalogue';

/** Up to three feature chips plus '+N more' (public catalogue cards and the console's system cards). */
export function FeatureChips({ features }: { features: string[] }) {
  const { shown, more } = featurePreview(features);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Features">
      {shown.map((feature, i) => (
        <li key={i} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
          {feature}
        </li>
      ))}
      {more > 0 ? <li className="rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-700">+{more} more</li> : null}
    </ul>
  );
}
