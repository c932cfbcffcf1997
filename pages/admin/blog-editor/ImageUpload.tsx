import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, type UploadedImage } from '../../../shared/images.ts';
import { EDITOR_MESSAGES, EDITOR_TEXT } from '../../../shared/messages.ts';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { errorMessage } from '../../../components/request.ts';
import { uploadImage } from './upload-image.ts';

/**
 * A file picker that uploads the chosen image at once and says how it went: "Uploading…", or the server's reason
 * for refusing it beside the picker.
 */
export function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (image: UploadedImage) => void }) {
  const { csrfToken } = usePageContext();
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setState({ busy: true });
    try {
      onUploaded(await uploadImage(file, csrfToken));
      setState({ busy: false });
    } catch (err) {
      setState({ busy: false, error: errorMessage(err) });
    } finally {
      // The same file can be chosen again after a refusal.
      input.value = '';
    }
  }

  return (
    <div className="field image-upload">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="hint">
        {EDITOR_TEXT.uploadHint(IMAGE_MAX_BYTES / (1024 * 1024), IMAGE_MAX_PIXELS / 1_000_000)}
      </p>
      <input id={id} type="file" accept={IMAGE_ACCEPT} disabled={state.busy} onChange={(e) => void choose(e.currentTarget)}
        aria-invalid={state.error ? true : undefined} aria-describedby={[`${id}-hint`, state.error ? `${id}-error` : null].filter(Boolean).join(' ')} />
      <p role="status" className="muted">{state.busy ? EDITOR_MESSAGES.imageUploading : ''}</p>
      <FieldError id={`${id}-error`} message={state.error} />
    </div>
  );
}
