import { useState } from 'react';
import { fileUrl } from '@domain/files';
import { formatDate } from '@kit/text/format';
import type { System } from '@domain/systems';
import { SystemImage } from '@features/public';
import { Button, ZoomableImage } from '@kit';
import { FeatureChips } from '@features/public';

/** The system's first image (placeholder when missing or broken); a click opens it full size. */
export function SystemThumb({ system, className }: { system: System; className: string }) {
  const src = fileUrl(system.images[0]);
  const [broken, setBroken] = useState<string | null>(null);
  const alt = `Image of ${system.name}`;
  return (
    <ZoomableImage src={src && broken !== src ? src : null} alt={alt} className="block w-full">
      <SystemImage src={src} alt={alt} className={className} onFailure={setBroken} />
    </ZoomableImage>
  );
}

export interface SystemActions {
  onEdit: (system: System) => void;
  onDelete: (system: System) => void;
  /** The system being deleted (its Delete button spins). */
  deletingId: number | null;
}

/** Edit and Delete of one system (card and table row). */
export function SystemButtons({ system, onEdit, onDelete, deletingId }: { system: System } & SystemActions) {
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={() => onEdit(system)} aria-label={`Edit ${system.name}`}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(system)}
        loading={deletingId === system.id}
        aria-label={`Delete ${system.name}`}
      >
        Delete
      </Button>
    </div>
  );
}

/** One system as a card: image, name, description, up to 3 features plus '+N more', created date, Edit, Delete. */
export function SystemCard({ system, ...actions }: { system: System } & SystemActions) {
  return (
    <article aria-label={system.name} className="flex h-full flex-col gap-3">
      <SystemThumb system={system} className="h-40 w-full rounded-md object-cover" />
      <h2 className="text-base font-semibold text-gray-900">{system.name}</h2>
      <p className="line-clamp-3 whitespace-pre-line text-sm text-gray-600">{system.description}</p>
      <FeatureChips features={system.features} />
      <p className="text-xs text-gray-500">Created {formatDate(system.createdAt)}</p>
      <div className="mt-auto">
        <SystemButtons system={system} {...actions} />
      </div>
    </article>
  );
}
