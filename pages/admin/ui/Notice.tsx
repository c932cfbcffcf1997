import type { FormEvent, ReactNode, Ref } from 'react';

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * A form's outcome: a status for success, an alert for an error; always in the page, so it is announced. Given a
 * `ref` it can take focus, to bring a long form's outcome into view; `children` follow the text (a link, a button).
 */
export function NoticeBox({ notice, ref, children }: { notice: Notice; ref?: Ref<HTMLDivElement>; children?: ReactNode }) {
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role={notice?.kind === 'error' ? 'alert' : 'status'}
      className={notice ? `notice notice-${notice.kind}` : undefined}
    >
      {notice?.text}
      {children}
    </div>
  );
}

/** A submitted form's fields as a JSON body. */
export function formBody(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
}
