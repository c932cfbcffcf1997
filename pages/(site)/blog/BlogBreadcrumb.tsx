import { SITE_TEXT } from '../../../shared/messages.ts';

/** Home / Blog / the page itself: the visible trail of a post or a tag page (its JSON-LD twin is Seo's `breadcrumb`). */
export function BlogBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label={SITE_TEXT.breadcrumb} className="breadcrumb">
      <ol>
        <li>
          <a href="/">{SITE_TEXT.nav.home}</a>
        </li>
        <li>
          <a href="/blog">{SITE_TEXT.nav.blog}</a>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
