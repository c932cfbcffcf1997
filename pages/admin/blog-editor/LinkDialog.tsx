import { useState } from 'react';
import { FIELD_MESSAGES } from '../../../shared/messages.ts';
import { EDITOR_MESSAGES, EDITOR_TEXT } from '../../../shared/admin-texts.ts';
import { isLinkUrl } from '../../../shared/schemas/blog-post.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { Dialog } from './Dialog.tsx';
import { DialogForm, useDialogCheck } from './DialogForm.tsx';

export interface LinkRequest {
  /** The link under the cursor, when editing one. */
  href: string;
  /** Nothing is selected: the link needs words of its own. */
  needsText: boolean;
}

/** Adds or changes a link: its address (checked here and by the sanitiser on save) and, without a selection, its words. */
export function LinkDialog({
  request,
  onApply,
  onRemove,
  onClose,
}: {
  request: LinkRequest | null;
  onApply: (href: string, text: string | null) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={request !== null} title={request?.href ? EDITOR_TEXT.editLink : EDITOR_TEXT.addLink} onClose={onClose}>
      {request && <LinkForm request={request} onApply={onApply} onRemove={onRemove} onClose={onClose} />}
    </Dialog>
  );
}

function LinkForm({ request, onApply, onRemove, onClose }: { request: LinkRequest } & Omit<Parameters<typeof LinkDialog>[0], 'request'>) {
  const [href, setHref] = useState(request.href);
  const [text, setText] = useState('');
  const url = href.trim();
  const { errors, submit } = useDialogCheck<'href' | 'text'>(
    () => ({
      ...(url === '' ? { href: EDITOR_MESSAGES.linkUrlRequired } : isLinkUrl(url) ? {} : { href: EDITOR_MESSAGES.linkUrlInvalid }),
      ...(request.needsText && text.trim() === '' ? { text: FIELD_MESSAGES.required(EDITOR_TEXT.linkText) } : {}),
    }),
    () => onApply(url, request.needsText ? text.trim() : null),
  );

  return (
    <DialogForm
      onSubmit={submit}
      submitLabel={request.href ? EDITOR_TEXT.updateLink : EDITOR_TEXT.addLink}
      actions={
        request.href && (
          <button type="button" className="button button-ghost-dark" onClick={onRemove}>
            {EDITOR_TEXT.removeLink}
          </button>
        )
      }
      onCancel={onClose}
    >
      <TextField
        name="href"
        label={EDITOR_TEXT.linkAddress}
        value={href}
        onValueChange={setHref}
        error={errors.href}
        required
        hint={EDITOR_TEXT.linkAddressHint}
        inputMode="url"
        autoComplete="off"
        autoFocus
      />
      {request.needsText && (
        <TextField name="text" label={EDITOR_TEXT.linkText} value={text} onValueChange={setText} error={errors.text} required />
      )}
    </DialogForm>
  );
}
