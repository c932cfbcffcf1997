import { useState } from 'react';
import type { LibraryImage } from '../../../../shared/media.ts';
import { MediaPicker } from './MediaPicker.tsx';
import { UploadZone } from './UploadZone.tsx';

/**
 * Choosing an image in a dialog: upload into the media library, or pick from it. An image uploaded here is listed
 * first and chosen at once.
 */
export function LibraryChoice({
  uploadLabel,
  chosen,
  onChoose,
}: {
  uploadLabel: string;
  chosen: LibraryImage | null;
  onChoose: (image: LibraryImage) => void;
}) {
  const [added, setAdded] = useState<LibraryImage[]>([]);
  return (
    <>
      <UploadZone
        label={uploadLabel}
        onUploaded={(image) => {
          setAdded((list) => [image, ...list]);
          onChoose(image);
        }}
      />
      <MediaPicker chosen={chosen?.id ?? null} added={added} onChoose={onChoose} />
    </>
  );
}
