import { useState } from 'react';
import { ALT_TEXT_MAX } from '../../../shared/images.ts';
import type { LibraryImage } from '../../../shared/media.ts';
import { EDITOR_MESSAGES, EDITOR_TEXT } from '../../../shared/admin-texts.ts';
import { isImageUrl } from '../../../shared/schemas/blog-post.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { LibraryChoice } from '../ui/media/LibraryChoice.tsx';
import { Dialog } from './Dialog.tsx';
import { DialogForm, useDialogCheck } from './DialogForm.tsx';

export interface ImageChoice {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/**
 * Puts an image in the post: uploaded into the media library here, chosen from it, or from an https address; a
 * description (alt text) is required, and a library image's own is offered.
 */
export function ImageDialog({ open, onInsert, onClose }: { open: boolean; onInsert: (image: ImageChoice) => void; onClose: () => void }) {
  return (
    <Dialog open={open} title={EDITOR_TEXT.addImage} onClose={onClose}>
      <ImageForm onInsert={onInsert} onClose={onClose} />
    </Dialog>
  );
}

function ImageForm({ onInsert, onClose }: { onInsert: (image: ImageChoice) => void; onClose: () => void }) {
  const [chosen, setChosen] = useState<LibraryImage | null>(null);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const url = src.trim();
  const { errors, setErrors, submit } = useDialogCheck<'src' | 'alt'>(
    () => ({
      ...(chosen
        ? {}
        : url === ''
          ? { src: EDITOR_MESSAGES.imageRequired }
          : isImageUrl(url)
            ? {}
            : { src: EDITOR_MESSAGES.imageUrlInvalid }),
      ...(alt.trim() === '' ? { alt: EDITOR_MESSAGES.altRequired } : {}),
    }),
    () =>
      onInsert(chosen ? { src: chosen.src, alt: alt.trim(), width: chosen.width, height: chosen.height } : { src: url, alt: alt.trim() }),
  );

  /** A library image chosen: its alt text is offered, unless staff wrote their own for this insertion. */
  function choose(image: LibraryImage) {
    setAlt((typed) => (typed.trim() === '' || typed === chosen?.alt ? image.alt : typed));
    setChosen(image);
    setSrc('');
    setErrors({});
  }

  return (
    <DialogForm onSubmit={submit} submitLabel={EDITOR_TEXT.insertImage} onCancel={onClose}>
      <LibraryChoice uploadLabel={EDITOR_TEXT.uploadImage} chosen={chosen} onChoose={choose} />
      <TextField
        name="src"
        label={EDITOR_TEXT.imageAddress}
        value={src}
        onValueChange={(value) => {
          setSrc(value);
          if (value.trim()) setChosen(null);
        }}
        error={errors.src}
        hint={EDITOR_TEXT.imageAddressHint}
        inputMode="url"
        autoComplete="off"
      />
      <TextField
        name="alt"
        label={EDITOR_TEXT.alt}
        value={alt}
        onValueChange={setAlt}
        error={errors.alt}
        required
        hint={EDITOR_TEXT.altHint}
        maxLength={ALT_TEXT_MAX}
      />
    </DialogForm>
  );
}
