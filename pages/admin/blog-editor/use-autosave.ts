import { useEffect, useRef, useState } from 'react';
import type { EditorForm } from '../../../shared/schemas/blog-post.ts';
import { adminApi, errorMessage } from '../../../components/request.ts';

/** How long typing must pause before the form is autosaved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'failed'; reason: string };

/**
 * Keeps the form on the server while staff type (debounced), for the post `postId` (null: not created yet), whenever
 * it differs from what was last saved or autosaved. Paused while the post itself is being saved; `flush()` waits
 * for an autosave already under way, so it never lands after the save.
 */
export function useAutosave(form: EditorForm, options: { postId: string | null; dirty: boolean; paused: boolean; csrfToken: string | null; initial: string | null }) {
  const { postId, dirty, paused, csrfToken } = options;
  const [status, setStatus] = useState<AutosaveStatus>(options.initial ? { state: 'saved', at: options.initial } : { state: 'idle' });
  const kept = useRef(JSON.stringify(form));
  const pending = useRef<Promise<void>>(Promise.resolve());
  const snapshot = JSON.stringify(form);

  useEffect(() => {
    if (!dirty || paused || snapshot === kept.current) return;
    const timer = setTimeout(() => {
      setStatus({ state: 'saving' });
      pending.current = adminApi<{ savedAt: string }>('PUT', `/api/admin/posts/${postId ?? 'new'}/autosave`, csrfToken, JSON.parse(snapshot))
        .then(({ savedAt }) => {
          kept.current = snapshot;
          setStatus({ state: 'saved', at: savedAt });
        })
        .catch((err: unknown) => setStatus({ state: 'failed', reason: errorMessage(err) }));
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot, dirty, paused, postId, csrfToken]);

  return {
    status,
    /** After a save: this form is kept, nothing to autosave until it changes again. */
    settle(next: EditorForm) {
      kept.current = JSON.stringify(next);
      setStatus({ state: 'idle' });
    },
    flush: () => pending.current,
  };
}
