import { useEffect, useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { type LibraryImage, MEDIA_TEXT, type MediaPage } from '../../../../shared/media.ts';
import { adminApi, errorMessage } from '../../../../components/request.ts';
import { FieldError } from '../../../../components/form/FieldError.tsx';
import { thumbnailOf } from './upload-image.ts';
import './media.css';

/**
 * The media library as a choice: each image a radio button showing its thumbnail, file name and alt text, newest
 * first, with "Show more images" for older ones. Images uploaded meanwhile (`added`) come first. The arrow keys move
 * the choice, as in any radio group.
 */
export function MediaPicker({
  chosen,
  added,
  onChoose,
}: {
  chosen: string | null;
  added: readonly LibraryImage[];
  onChoose: (image: LibraryImage) => void;
}) {
  const { csrfToken } = usePageContext();
  const name = useId();
  const [page, setPage] = useState<{ images: LibraryImage[]; nextCursor: string | null } | null>(null);
  const [error, setError] = useState<string | undefined>();

  function more(cursor: string) {
    adminApi<MediaPage>('GET', `/api/admin/images?cursor=${encodeURIComponent(cursor)}`, csrfToken).then(
      (next) => setPage((before) => ({ images: [...(before?.images ?? []), ...next.images], nextCursor: next.nextCursor })),
      (err: unknown) => setError(errorMessage(err)),
    );
  }
  // The first page is read when the picker opens.
  useEffect(() => {
    adminApi<MediaPage>('GET', '/api/admin/images', csrfToken).then(
      (first) => setPage({ images: first.images, nextCursor: first.nextCursor }),
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [csrfToken]);

  const images = [...added, ...(page?.images ?? []).filter((image) => !added.some((a) => a.id === image.id))];
  return (
    <fieldset className="media-picker">
      <legend>{MEDIA_TEXT.pickerLegend}</legend>
      {!page && !error && <p className="muted">{MEDIA_TEXT.pickerLoading}</p>}
      {page && images.length === 0 && <p className="muted">{MEDIA_TEXT.pickerEmpty}</p>}
      <FieldError id={undefined} message={error} />
      {images.length > 0 && (
        <ul className="media-picker-list">
          {images.map((image) => (
            <li key={image.id}>
              <input
                type="radio"
                id={`${name}-${image.id}`}
                name={name}
                value={image.id}
                checked={chosen === image.id}
                onChange={() => onChoose(image)}
              />
              <label htmlFor={`${name}-${image.id}`}>
                <img src={thumbnailOf(image)} alt="" width={image.width} height={image.height} loading="lazy" />
                <span className="media-picker-name">{image.fileName}</span>
                <span className="media-picker-alt">{image.alt || MEDIA_TEXT.noAlt}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {page?.nextCursor && (
        <button type="button" className="button button-small button-ghost-dark" onClick={() => more(page.nextCursor!)}>
          {MEDIA_TEXT.pickerMore}
        </button>
      )}
    </fieldset>
  );
}
