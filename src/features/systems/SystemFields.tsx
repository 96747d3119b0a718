import { addFeature, canRemoveFeature, removeFeature, setFeature } from './actions';
import { SystemImage } from '@features/public';
import { Button, controlClass, TextField } from '@kit';
import type { ImageFiles } from './useImageFiles';

const removeButton =
  'absolute -right-2 -top-2 flex h-6 w-6 items-center justify-center rounded-full bg-red-600 text-xs text-white shadow hover:bg-red-700 disabled:opacity-60';

/** Features*: one input each, '+ Add Feature', × only while more than one remains. */
export function FeaturesField({
  features,
  onChange,
  disabled,
}: {
  features: string[];
  onChange: (features: string[]) => void;
  disabled?: boolean;
}) {
  const removable = canRemoveFeature(features);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 block text-sm font-medium text-gray-700">
        Features
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {features.map((feature, i) => (
        <div key={i} className="flex items-center gap-2">
          <input
            type="text"
            aria-label={`Feature ${i + 1}`}
            aria-required={i === 0 || undefined}
            placeholder="e.g. Real-time SMS alerts"
            value={feature}
            disabled={disabled}
            onChange={(e) => onChange(setFeature(features, i, e.target.value))}
            className={controlClass()}
          />
          {removable ? (
            <button
              type="button"
              onClick={() => onChange(removeFeature(features, i))}
              disabled={disabled}
              aria-label={`Remove feature ${i + 1}`}
              className="rounded p-1.5 text-gray-500 hover:bg-red-50 hover:text-red-700"
            >
              ✕
            </button>
          ) : null}
        </div>
      ))}
      <Button size="sm" variant="secondary" onClick={() => onChange(addFeature(features))} disabled={disabled}>
        + Add Feature
      </Button>
    </fieldset>
  );
}

/** System Images: the stored ones (edit; removable) and the new ones with previews (removable), plus a chooser. */
export function ImagesField({
  stored,
  onRemoveStored,
  images,
  systemName,
  disabled,
}: {
  stored: string[];
  onRemoveStored?: (url: string) => void;
  images: ImageFiles;
  systemName: string;
  disabled?: boolean;
}) {
  const name = systemName.trim() || 'system';
  return (
    <div className="space-y-3">
      {stored.length > 0 || images.previews.length > 0 ? (
        <ul aria-label="Image previews" className="flex flex-wrap gap-3">
          {stored.map((url, i) => (
            <li key={url} className="relative">
              <SystemImage src={url} alt={`Current image ${i + 1} of ${name}`} className="h-20 w-20 rounded-md object-cover" />
              {onRemoveStored ? (
                <button
                  type="button"
                  onClick={() => onRemoveStored(url)}
                  disabled={disabled}
                  aria-label={`Remove current image ${i + 1}`}
                  className={removeButton}
                >
                  ✕
                </button>
              ) : null}
            </li>
          ))}
          {images.previews.map((url, i) => (
            <li key={url} className="relative">
              <img src={url} alt={`New upload ${i + 1}`} className="h-20 w-20 rounded-md object-cover ring-2 ring-brand-600" />
              <button
                type="button"
                onClick={() => images.remove(i)}
                disabled={disabled}
                aria-label={`Remove new image ${i + 1}`}
                className={removeButton}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <TextField
        label="System Images"
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        hint="Any image type; choose one or more files."
        error={images.error}
        onChange={images.onChange}
      />
    </div>
  );
}
