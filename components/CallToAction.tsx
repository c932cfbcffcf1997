import { SITE_TEXT } from '../shared/messages.ts';

/** The closing band of content pages: one clear next step. */
export function CallToAction({ title, text }: { title: string; text: string }) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-actions">
          <a href="/quote" className="button button-accent">
            {SITE_TEXT.ctaQuote}
          </a>
          <a href="/contact" className="button button-ghost">
            {SITE_TEXT.ctaTalk}
          </a>
        </div>
      </div>
    </section>
  );
}
