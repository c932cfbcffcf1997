import { useState } from 'react';
import type { UploadedImage } from '../../../shared/images.ts';
import { EDITOR_MESSAGES, EDITOR_TEXT } from '../../../shared/messages.ts';
import { isImageUrl } from '../../../shared/schemas/blog-post.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { Dialog } from './Dialog.tsx';
import { DialogForm, useDialogCheck } from './DialogForm.tsx';
import { ImageUpload } from './ImageUpload.tsx';

export interface ImageChoice {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** Puts an image in the post: uploaded here, or from an https address; a description (alt text) is required. */
export function ImageDialog({ open, onInsert, onClose }: { open: boolean; onInsert: (image: ImageChoice) => void; onClose: () => void }) {
  return (
    <Dialog open={open} title={EDITOR_TEXT.addImage} onClose={onClose}>
      <ImageForm onInsert={onInsert} onClose={onClose} />
    </Dialog>
  );
}

function ImageForm({ onInsert, onClose }: { onInsert: (image: ImageChoice) => void; onClose: () => void }) {
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const url = src.trim();
  const { errors, setErrors, submit } = useDialogCheck<'src' | 'alt'>(
    () => ({
      ...(uploaded ? {} : url === '' ? { src: EDITOR_MESSAGES.imageRequired } : isImageUrl(url) ? {} : { src: EDITOR_MESSAGES.imageUrlInvalid }),
      ...(alt.trim() === '' ? { alt: EDITOR_MESSAGES.altRequired } : {}),
    }),
    () => onInsert(uploaded ? { src: uploaded.src, alt: alt.trim(), width: uploaded.width, height: uploaded.height } : { src: url, alt: alt.trim() }),
  );

  return (
    <DialogForm onSubmit={submit} submitLabel={EDITOR_TEXT.insertImage} onCancel={onClose}>
      {uploaded ? (
        <div className="image-chosen">
          <img src={uploaded.src} alt="" width={uploaded.width} height={uploaded.height} />
          <button type="button" className="button button-ghost-dark" onClick={() => setUploaded(null)}>
            {EDITOR_TEXT.chooseAnother}
          </button>
        </div>
      ) : (
        <>
          <ImageUpload label={EDITOR_TEXT.uploadImage} onUploaded={(image) => { setUploaded(image); setErrors({}); }} />
          <TextField name="src" label={EDITOR_TEXT.imageAddress} value={src} onValueChange={setSrc} error={errors.src}
            hint={EDITOR_TEXT.imageAddressHint} inputMode="url" autoComplete="off" />
        </>
      )}
      <TextField name="alt" label={EDITOR_TEXT.alt} value={alt} onValueChange={setAlt} error={errors.alt} required
        hint={EDITOR_TEXT.altHint} maxLength={300} />
    </DialogForm>
  );
}
