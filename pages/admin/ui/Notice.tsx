import type { FormEvent } from 'react';

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** A form's outcome: a status for success, an alert for an error; always in the page, so it is announced. */
export function NoticeBox({ notice }: { notice: Notice }) {
  return (
    <div role={notice?.kind === 'error' ? 'alert' : 'status'} className={notice ? `notice notice-${notice.kind}` : undefined}>
      {notice?.text}
    </div>
  );
}

/** A submitted form's fields as a JSON body. */
export function formBody(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
}
