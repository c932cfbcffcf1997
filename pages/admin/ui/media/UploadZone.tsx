import { type DragEvent, useId, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '../../../../shared/images.ts';
import { type LibraryImage, MEDIA_TEXT } from '../../../../shared/media.ts';
import { EDITOR_TEXT } from '../../../../shared/admin-texts.ts';
import { FieldError } from '../../../../components/form/FieldError.tsx';
import { errorMessage } from '../../../../components/request.ts';
import { uploadImage } from './upload-image.ts';
import './media.css';

interface Upload {
  key: number;
  name: string;
  /** 0 to 1 while it goes; the server then resizes it. */
  sent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * Uploads images into the media library, picked or dropped on it: one after the other (the server decodes one at
 * a time), each with its progress, then "uploaded" or the server's reason for refusing it. With `multiple`, several
 * files at once (the Media page); without, one (the editor), its refusal shown as the picker's error.
 */
export function UploadZone({
  label,
  multiple = false,
  onUploaded,
  onDone,
}: {
  label: string;
  multiple?: boolean;
  onUploaded: (image: LibraryImage) => void;
  /** After a batch: how many were stored and refused. */
  onDone?: (done: number, failed: number) => void;
}) {
  const { csrfToken } = usePageContext();
  const id = useId();
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [summary, setSummary] = useState('');
  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'uploading');

  async function send(files: File[]) {
    if (files.length === 0 || busy) return;
    const batch = (multiple ? files : files.slice(0, 1)).map((file) => ({ file, key: (nextKey.current += 1) }));
    setSummary('');
    setUploads(batch.map(({ file, key }) => ({ key, name: file.name, sent: 0, state: 'waiting' })));
    const change = (key: number, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    let done = 0;
    for (const { file, key } of batch) {
      change(key, { state: 'uploading' });
      try {
        const image = await uploadImage(file, csrfToken, (sent) => change(key, { sent }));
        change(key, { sent: 1, state: 'done' });
        done += 1;
        onUploaded(image);
      } catch (err) {
        change(key, { state: 'failed', error: errorMessage(err) });
      }
    }
    const failed = batch.length - done;
    if (multiple) setSummary(MEDIA_TEXT.uploadsDone(done, failed));
    onDone?.(done, failed);
  }

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };
  // Only one picker's refusal is its error (the editor's); the Media page lists each file's beside it.
  const single = multiple ? undefined : uploads[0];
  const errorId = single?.error ? `${id}-error` : undefined;

  return (
    <div
      className={`field image-upload upload-zone${dragging ? ' upload-zone-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="hint">
        {multiple && `${MEDIA_TEXT.dropHint} `}
        {EDITOR_TEXT.uploadHint(IMAGE_MAX_BYTES / (1024 * 1024), IMAGE_MAX_PIXELS / 1_000_000)}
      </p>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        disabled={busy}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // The same file can be chosen again after a refusal.
          event.currentTarget.value = '';
          void send(files);
        }}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
      />
      {single ? (
        <>
          {single.state === 'uploading' && <UploadProgress upload={single} />}
          <FieldError id={errorId} message={single.error} />
        </>
      ) : (
        uploads.length > 0 && (
          <ul className="upload-list">
            {uploads.map((upload) => (
              <li key={upload.key}>
                {upload.state === 'waiting' && <span className="upload-name muted">{MEDIA_TEXT.waitingFile(upload.name)}</span>}
                {upload.state === 'uploading' && <UploadProgress upload={upload} />}
                {upload.state === 'done' && <span className="upload-done">{MEDIA_TEXT.uploadedFile(upload.name)}</span>}
                {upload.state === 'failed' && (
                  <>
                    <span className="upload-name">{upload.name}</span>
                    <FieldError id={undefined} message={upload.error} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )
      )}
      <p role="status" className="muted">
        {summary}
      </p>
    </div>
  );
}

function UploadProgress({ upload }: { upload: Upload }) {
  return (
    <span className="upload-progress">
      <span className="upload-name">{MEDIA_TEXT.uploadingFile(upload.name)}</span>
      <progress max={1} value={upload.sent} aria-label={MEDIA_TEXT.uploadingFile(upload.name)} />
    </span>
  );
}
