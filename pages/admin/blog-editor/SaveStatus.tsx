import { ADMIN_TEXT, EDITOR_MESSAGES, POSTS_TEXT } from '../../../shared/admin-texts.ts';
import { localDate } from '../../../shared/zoned-time.ts';
import { formatDateTime } from '../ui/format.ts';

/**
 * Where the post stands, one of: being saved; the last save failed to reach the server and is being tried again;
 * changed since it was saved; saved, and when; a new post not saved yet (nothing to say).
 */
export type SaveState = 'saving' | 'retrying' | 'unsaved' | 'saved' | 'new';

export function saveState(facts: { saving: boolean; failing: boolean; dirty: boolean; saved: boolean }): SaveState {
  if (facts.saving) return 'saving';
  if (facts.failing) return 'retrying';
  if (facts.dirty) return 'unsaved';
  return facts.saved ? 'saved' : 'new';
}

/** "10:42 am" for a time today, with the date for any other day. */
function savedTime(iso: string, now: string, timeZone: string): string {
  if (localDate(new Date(iso), timeZone) !== localDate(new Date(now), timeZone)) return formatDateTime(iso, timeZone);
  return new Intl.DateTimeFormat('en-AU', { timeZone, timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The editor's one status: "Saving…", "Saved at 10:42 am", "Unsaved changes" or "Couldn't save, retrying". Read out
 * politely as it changes; the same facts decide whether leaving the page asks first.
 */
export function SaveStatus({ state, savedAt, now, timeZone }: { state: SaveState; savedAt: string | null; now: string; timeZone: string }) {
  const text =
    state === 'saving'
      ? ADMIN_TEXT.saving
      : state === 'retrying'
        ? EDITOR_MESSAGES.retrying
        : state === 'unsaved'
          ? POSTS_TEXT.unsaved
          : state === 'saved' && savedAt
            ? EDITOR_MESSAGES.savedAt(savedTime(savedAt, now, timeZone))
            : '';
  return (
    <p role="status" className={`save-status save-status-${state}`}>
      {text}
    </p>
  );
}
