import { SITE_TEXT } from '../shared/messages.ts';
import { ActionLinks } from './ActionLinks.tsx';

/** The closing band of content pages: one clear next step. */
export function CallToAction({ title, text }: { title: string; text: string }) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <ActionLinks
          className="cta-actions"
          main={{ href: '/quote', label: SITE_TEXT.ctaQuote }}
          other={{ href: '/contact', label: SITE_TEXT.ctaTalk }}
        />
      </div>
    </section>
  );
}
