import { type FormEvent, useState } from 'react';
import { EDITOR_MESSAGES, FIELD_MESSAGES } from '../../../shared/messages.ts';
import { isLinkUrl } from '../../../shared/schemas/blog-post.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { Dialog } from './Dialog.tsx';

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
  const [errors, setErrors] = useState<{ href?: string; text?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const url = href.trim();
    const found = {
      ...(url === '' ? { href: EDITOR_MESSAGES.linkUrlRequired } : isLinkUrl(url) ? {} : { href: EDITOR_MESSAGES.linkUrlInvalid }),
      ...(request.needsText && text.trim() === '' ? { text: FIELD_MESSAGES.required('Link text') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(url, request.needsText ? text.trim() : null);
  }

  return (
    <form onSubmit={submit} noValidate className="dialog-form">
      <TextField name="href" label="Link address" value={href} onValueChange={setHref} error={errors.href} required
        hint="For example https://www.cyber.gov.au, mailto:hello@example.com or /contact" inputMode="url" autoComplete="off" autoFocus />
      {request.needsText && <TextField name="text" label="Link text" value={text} onValueChange={setText} error={errors.text} required />}
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {request.href ? 'Update link' : 'Add link'}
        </button>
        {request.href && (
          <button type="button" className="button button-ghost-dark" onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className="button button-ghost-dark" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
