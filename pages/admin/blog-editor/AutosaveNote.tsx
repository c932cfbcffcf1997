import { EDITOR_MESSAGES } from '../../../shared/messages.ts';
import type { AutosaveStatus } from './use-autosave.ts';

function timeOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone, timeStyle: 'short' }).format(new Date(iso));
}

/** "Saving draft…", "Draft saved 12:03 pm" or why it was not saved; read out politely as it changes. */
export function AutosaveNote({ status, timeZone }: { status: AutosaveStatus; timeZone: string }) {
  const text =
    status.state === 'saving'
      ? EDITOR_MESSAGES.autosaving
      : status.state === 'saved'
        ? EDITOR_MESSAGES.autosaved(timeOf(status.at, timeZone))
        : status.state === 'failed'
          ? EDITOR_MESSAGES.autosaveFailed(status.reason)
          : '';
  return (
    <span role="status" className={`autosave-status${status.state === 'failed' ? ' autosave-status-failed' : ''}`}>
      {text}
    </span>
  );
}
