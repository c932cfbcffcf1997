import { useEffect, useRef, useState } from 'react';
import { adminApi } from '../../../components/request.ts';
import { useRetry } from './use-retry.ts';

/** How long typing must pause before the form is autosaved. */
export const AUTOSAVE_DELAY_MS = 1500;

/**
 * Keeps the form on the server while staff type (debounced), at `url` (a post's, or a page's words'), whenever it
 * differs from what was last saved or autosaved, so a closed tab or a crash loses nothing: the editor offers it
 * back. It is the editor's safety net, not a save: the status says "Unsaved changes" until the post is saved, and
 * "Couldn't save, retrying" while the server cannot be reached (`failing`; it tries again with back-off, and at once
 * when the browser is back online). Paused while the post itself is being saved; `flush()` waits for an autosave
 * already under way, so it never lands after the save.
 */
export function useAutosave<Form>(form: Form, options: { url: string; dirty: boolean; paused: boolean; csrfToken: string | null }) {
  const { url, dirty, paused, csrfToken } = options;
  const snapshot = JSON.stringify(form);
  const [kept, setKept] = useState(snapshot);
  const pending = useRef<Promise<void>>(Promise.resolve());
  const { failures, attempt, delay, failed, succeeded } = useRetry();

  useEffect(() => {
    if (!dirty || paused || snapshot === kept) return;
    const timer = setTimeout(
      () => {
        pending.current = adminApi('PUT', url, csrfToken, JSON.parse(snapshot)).then(() => {
          setKept(snapshot);
          succeeded();
        }, failed);
      },
      failures ? delay : AUTOSAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
    // `attempt` changes when a retry is due (a failure, the browser back online).
  }, [snapshot, kept, dirty, paused, url, csrfToken, attempt, failures, delay, failed, succeeded]);

  return {
    failing: failures > 0 && snapshot !== kept,
    /** After a save: this form is kept, nothing to autosave until it changes again. */
    settle(next: Form) {
      setKept(JSON.stringify(next));
      succeeded();
    },
    flush: () => pending.current,
  };
}
