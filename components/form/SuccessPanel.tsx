import { useId, useLayoutEffect, useRef } from 'react';
import { FORM_TEXT } from '../../shared/messages.ts';

export interface SentItem {
  label: string;
  value: string;
}

/**
 * What a form becomes once it was sent: the specification's success text, what was sent, what happens next,
 * and a way to send another. It takes focus when it appears, so it is read out and scrolled into view (its
 * scroll margin keeps it clear of the sticky header) wherever the visitor was on the page.
 */
export function SuccessPanel({
  title,
  message,
  sent,
  next,
  onAgain,
}: {
  title: string;
  /** The form's success text (docs/product.md#messages), verbatim. */
  message: string;
  sent: readonly SentItem[];
  next: string;
  /** "Send another": back to an empty form. */
  onAgain: () => void;
}) {
  const panel = useRef<HTMLElement>(null);
  const id = useId();
  // A layout effect: focus (and the scroll it brings) lands in the frame the panel is painted. The panel's top
  // goes under the sticky header (the page's scroll padding): a long summary would otherwise be centred, its
  // heading and success text above the screen.
  useLayoutEffect(() => {
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section ref={panel} className="card success-panel" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <svg className="success-icon" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="currentColor" />
        <path d="m12 20.5 5.5 5.5L28.5 15" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id={`${id}-title`}>{title}</h2>
      <p role="status" className="success-message">
        {message}
      </p>
      <h3>{FORM_TEXT.sentHeading}</h3>
      <dl className="success-sent">
        {sent.map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <h3>{FORM_TEXT.nextHeading}</h3>
      <p className="success-next">{next}</p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onAgain}>
          {FORM_TEXT.sendAnother}
        </button>
      </div>
    </section>
  );
}
