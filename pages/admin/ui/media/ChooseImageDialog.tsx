import { useState } from 'react';
import { EDITOR_TEXT } from '../../../../shared/admin-texts.ts';
import { type LibraryImage, MEDIA_TEXT } from '../../../../shared/media.ts';
import { FieldError } from '../../../../components/form/FieldError.tsx';
import { Dialog } from '../../blog-editor/Dialog.tsx';
import { DialogForm, useDialogCheck } from '../../blog-editor/DialogForm.tsx';
import { LibraryChoice } from './LibraryChoice.tsx';

/**
 * The media library as a dialog's choice, with an upload into it: a post's featured image, a page's social image,
 * the settings' logo and favicon. "Use this image" with nothing chosen says so; a choice closes the dialog.
 */
export function ChooseImageDialog({
  open,
  title,
  onClose,
  onChoose,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onChoose: (image: LibraryImage) => void;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {open && (
        <Chooser
          onClose={onClose}
          onChoose={(image) => {
            onChoose(image);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function Chooser({ onChoose, onClose }: { onChoose: (image: LibraryImage) => void; onClose: () => void }) {
  const [chosen, setChosen] = useState<LibraryImage | null>(null);
  const { errors, setErrors, submit } = useDialogCheck<'image'>(
    () => (chosen ? {} : { image: MEDIA_TEXT.chooseRequired }),
    () => onChoose(chosen!),
  );
  const choose = (image: LibraryImage) => {
    setChosen(image);
    setErrors({});
  };
  return (
    <DialogForm onSubmit={submit} submitLabel={MEDIA_TEXT.useImage} onCancel={onClose}>
      <LibraryChoice uploadLabel={EDITOR_TEXT.uploadImage} chosen={chosen} onChoose={choose} />
      <FieldError id={undefined} message={errors.image} />
    </DialogForm>
  );
}
