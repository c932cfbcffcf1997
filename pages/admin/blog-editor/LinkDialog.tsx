import { useState } from 'react';
import { EDITOR_MESSAGES, FIELD_MESSAGES } from '../../../shared/messages.ts';
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
export function LinkDialog({ request, onApply, onRemove, onClose }: {
  request: LinkRequest | null;
  onApply: (href: string, text: string | null) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={request !== null} title={request?.href ? 'Edit link' : 'Add link'} onClose={onClose}>
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
      ...(request.needsText && text.trim() === '' ? { text: FIELD_MESSAGES.required('Link text') } : {}),
    }),
    () => onApply(url, request.needsText ? text.trim() : null),
  );

  return (
    <DialogForm
      onSubmit={submit}
      submitLabel={request.href ? 'Update link' : 'Add link'}
      actions={
        request.href && (
          <button type="button" className="button button-ghost-dark" onClick={onRemove}>
            Remove link
          </button>
        )
      }
      onCancel={onClose}
    >
      <TextField name="href" label="Link address" value={href} onValueChange={setHref} error={errors.href} required
        hint="For example https://www.cyber.gov.au, mailto:hello@example.com or /contact" inputMode="url" autoComplete="off" autoFocus />
      {request.needsText && <TextField name="text" label="Link text" value={text} onValueChange={setText} error={errors.text} required />}
    </DialogForm>
  );
}
