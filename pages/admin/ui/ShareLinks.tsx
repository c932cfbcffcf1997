import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { type NewPreviewLink, PREVIEW_TEXT, type PreviewLink } from '../../../shared/previews.ts';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { ActionButton } from './ActionButton.tsx';
import { formatDateTime } from './format.ts';

/**
 * "Share preview": links that show a saved post's preview, or a page's saved draft, to anyone holding one, signed in
 * or not, for 7 days or until turned off. A new link's address is shown once (only its hash is kept), with a button
 * to copy it. `path` is the links' API (`…/share-links`), null until there is something saved to share.
 */
export function ShareLinks({ path, initial, saveFirst }: { path: string | null; initial: PreviewLink[]; saveFirst: string }) {
  const { csrfToken, timeZone } = usePageContext();
  const [links, setLinks] = useState(initial);
  const [created, setCreated] = useState<NewPreviewLink | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const line = (link: PreviewLink) => PREVIEW_TEXT.linkLine(at(link.createdAt), link.createdBy, at(link.expiresAt));

  async function create() {
    if (!path) return;
    setMessage(null);
    try {
      const link = await adminApi<NewPreviewLink>('POST', path, csrfToken);
      setCreated(link);
      setLinks((all) => [link, ...all]);
      setMessage({ text: PREVIEW_TEXT.created });
    } catch (err) {
      setMessage({ text: errorMessage(err), error: true });
    }
  }

  async function revoke(link: PreviewLink) {
    setMessage(null);
    try {
      await adminApi('DELETE', `${path}/${link.id}`, csrfToken);
      setLinks((all) => all.filter((l) => l.id !== link.id));
      if (created?.id === link.id) setCreated(null);
      setMessage({ text: PREVIEW_TEXT.revoked });
    } catch (err) {
      setMessage({ text: errorMessage(err), error: true });
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ text: PREVIEW_TEXT.copied });
    } catch {
      // No clipboard (an insecure page, a refusal): the address stays on screen to copy by hand.
    }
  }

  return (
    <section className="share-links" aria-labelledby="share-links-title">
      <h2 id="share-links-title">{PREVIEW_TEXT.share}</h2>
      <p className="hint">{path ? PREVIEW_TEXT.shareHint : saveFirst}</p>
      {path && (
        <>
          <ActionButton className="button button-ghost-dark" onAction={create}>
            {PREVIEW_TEXT.create}
          </ActionButton>
          <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'field-error' : 'muted'}>
            {message?.text}
          </p>
          {created && (
            <div className="share-created">
              <p className="share-url">
                <span className="visually-hidden">{`${PREVIEW_TEXT.linkLabel}: `}</span>
                <code>{created.url}</code>
              </p>
              <button type="button" className="button button-small button-ghost-dark" onClick={() => void copy(created.url)}>
                {PREVIEW_TEXT.copy}
              </button>
            </div>
          )}
          <h3>{PREVIEW_TEXT.live}</h3>
          {links.length === 0 ? (
            <p className="muted">{PREVIEW_TEXT.none}</p>
          ) : (
            <ul className="share-list">
              {links.map((link) => (
                <li key={link.id}>
                  <span>{line(link)}</span>
                  <ActionButton className="button button-small button-ghost-dark" onAction={() => revoke(link)}>
                    <span aria-hidden="true">{PREVIEW_TEXT.revoke}</span>
                    <span className="visually-hidden">{PREVIEW_TEXT.revokeLabel(line(link))}</span>
                  </ActionButton>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
