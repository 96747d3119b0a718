import { useEffect, useState, type ChangeEvent } from 'react';
import { imageChoiceError } from './actions';

export interface ImageFiles {
  files: File[];
  /** Object URLs of `files`, same order (revoked when the list changes). */
  previews: string[];
  /** Why the last choice was refused, or null. */
  error: string | null;
  /** The file input's change handler: adds the chosen files (all or none) and empties the input. */
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  remove: (index: number) => void;
}

/** New images chosen in the system form (several at once, each with a preview and a remove control). */
export function useImageFiles(storedCount: number): ImageFiles {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [previews, setPreviews] = useState<string[]>([]);

  useEffect(() => {
    const urls = files.map((f) => URL.createObjectURL(f));
    setPreviews(urls);
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);

  return {
    files,
    previews,
    error,
    onChange: (e) => {
      const chosen = Array.from(e.target.files ?? []);
      e.target.value = '';
      if (chosen.length === 0) return;
      const problem = imageChoiceError(chosen, storedCount + files.length);
      setError(problem);
      if (!problem) setFiles((current) => [...current, ...chosen]);
    },
    remove: (index) => {
      setError(null);
      setFiles((current) => current.filter((_, i) => i !== index));
    },
  };
}
