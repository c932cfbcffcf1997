import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { EDITOR_MESSAGES, POSTS_TEXT } from '../../../shared/admin-texts.ts';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { formatDateTime } from '../ui/format.ts';

/**
 * What an Author has where others have "Publish this post" (docs/product.md#roles): their saved draft goes to the
 * Editors, who publish it. Changes must be saved first, so the Editors read what the Author sees.
 */
export function ReviewBox({
  postId,
  requestedAt,
  dirty,
  onSubmitted,
  onError,
}: {
  postId: string | null;
  requestedAt: string | null;
  dirty: boolean;
  onSubmitted: (message: string, at: string) => void;
  onError: (message: string) => void;
}) {
  const { csrfToken, timeZone } = usePageContext();
  const [busy, setBusy] = useState(false);
  const ready = postId !== null && !dirty;

  async function submit() {
    if (!postId) return;
    setBusy(true);
    try {
      const { message } = await adminApi<{ message: string }>('POST', `/api/admin/posts/${postId}/submit`, csrfToken);
      onSubmitted(message, new Date().toISOString());
    } catch (err) {
      onError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="publish-box">
      <legend>{POSTS_TEXT.publishing}</legend>
      <p>
        {requestedAt ? (
          <>
            <strong>{EDITOR_MESSAGES.waitingForReview}</strong> · {POSTS_TEXT.reviewSince(formatDateTime(requestedAt, timeZone))}
          </>
        ) : (
          POSTS_TEXT.reviewHint
        )}
      </p>
      {!ready && <p className="muted">{postId ? POSTS_TEXT.saveBeforeReview : POSTS_TEXT.saveDraftFirst}</p>}
      <button type="button" className="button button-ghost-dark" disabled={!ready || busy} onClick={() => void submit()}>
        {busy ? EDITOR_MESSAGES.submitting : EDITOR_MESSAGES.submitForReview}
      </button>
    </fieldset>
  );
}
