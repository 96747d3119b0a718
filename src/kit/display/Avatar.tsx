import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { TextField } from '../ui/FormField';

const SIZES = { sm: 'h-10 w-10 text-sm', md: 'h-14 w-14 text-lg', lg: 'h-20 w-20 text-2xl' } as const;

/** 'Ada' 'Lovelace' → 'AL' ('?' without a name). */
export const initialsOf = (firstName = '', lastName = '') =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';

/**
 * A person's round picture, or their initials when there is none or it fails to load. Wrap it in
 * ZoomableImage to open the full-size picture on click.
 */
export function Avatar({
  src,
  firstName,
  lastName,
  size = 'md',
  alt,
}: {
  src: string | null | undefined;
  firstName: string;
  lastName: string;
  size?: keyof typeof SIZES;
  alt?: string;
}) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={alt ?? `${firstName} ${lastName}`.trim()}
        onError={() => setBroken(true)}
        className={`${SIZES[size]} flex-none rounded-full object-cover ring-2 ring-gray-200`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} flex flex-none items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initialsOf(firstName, lastName)}
    </span>
  );
}

export interface PictureInput {
  /** The chosen file (null when none, or when the chosen one was refused). */
  file: File | null;
  /** Object URL of the chosen file, for the preview (revoked when it changes). */
  preview: string | null;
  /** Why the chosen file was refused, or null. */
  error: string | null;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  /** Forgets the choice and empties the file input. */
  reset: () => void;
  /** Changes whenever the input must be emptied: use as the input's key. */
  inputKey: number;
}

/** State of a picture chooser; `check` refuses a file before anything is sent (type, size). */
export function usePictureInput(check: (file: File) => string | null): PictureInput {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return {
    file,
    preview,
    error,
    inputKey,
    onChange: (e) => {
      const chosen = e.target.files?.[0] ?? null;
      const problem = chosen ? check(chosen) : null;
      setError(problem);
      setFile(problem ? null : chosen);
      if (problem) setInputKey((k) => k + 1);
    },
    reset: () => {
      setFile(null);
      setError(null);
      setInputKey((k) => k + 1);
    },
  };
}

/** The avatar (preview, else the stored picture, else initials) beside a file input with its hint and error. */
export function PictureField({
  picture,
  currentUrl,
  firstName,
  lastName,
  label = 'Profile Picture',
  accept,
  hint,
  error,
  disabled,
  alt,
}: {
  picture: PictureInput;
  /** Accessible name of the picture (default: the person's name) */
  alt?: string;
  currentUrl: string | null | undefined;
  firstName: string;
  lastName: string;
  label?: string;
  accept: string;
  hint?: ReactNode;
  /** A server-side message for the file (shown when the chooser has none). */
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-5">
      <Avatar src={picture.preview ?? currentUrl} firstName={firstName} lastName={lastName} size="lg" alt={alt} />
      {disabled ? null : (
        <TextField
          key={picture.inputKey}
          className="min-w-0 flex-1"
          label={label}
          type="file"
          accept={accept}
          hint={hint}
          onChange={picture.onChange}
          error={picture.error ?? error}
        />
      )}
    </div>
  );
}
