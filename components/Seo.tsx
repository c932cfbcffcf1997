import { Head } from 'vike-react/Head';
import { useConfig } from 'vike-react/useConfig';
import { usePageContext } from 'vike-react/usePageContext';
import { COMPANY } from '../shared/company.ts';
import { SITE_TEXT } from '../shared/messages.ts';
import { SHARING_IMAGE_SIZE, pageSharingImage, sharingImage } from '../shared/sharing-image.ts';
import { breadcrumbLd } from '../shared/structured-data.ts';

export interface SeoProps {
  /** The page's own title; the company name is appended. */
  title: string;
  description: string;
  /** Canonical path; defaults to the current path without its query. */
  path?: string;
  image?: string;
  /** What `image` shows, for people who cannot see it (og:image:alt, twitter:image:alt). */
  imageAlt?: string;
  type?: 'website' | 'article';
  /** One or more schema.org objects, emitted as JSON-LD. */
  jsonLd?: object | object[];
  /** The page's place below Home (its parents first), emitted as a schema.org BreadcrumbList. */
  breadcrumb?: ReadonlyArray<{ name: string; path: string }>;
  noindex?: boolean;
}

/** `<` in JSON-LD would let a crafted string close the script element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD for one page. */
export function Seo({ title, description, path, image, imageAlt, type = 'website', jsonLd, breadcrumb, noindex }: SeoProps) {
  const pageContext = usePageContext();
  const { name } = pageContext.settings;
  // The home page's title is the company's name: it gets the tagline rather than the name twice.
  const fullTitle = title === name ? `${name} | ${COMPANY.tagline}` : `${title} | ${name}`;
  useConfig()({ title: fullTitle, description });
  const canonical = new URL(path ?? pageContext.urlPathname, pageContext.siteUrl).href;
  // A page without an image of its own offers its card (shared/sharing-image.ts).
  // A page whose SEO title staff changed offers a card drawn from it (server/sharing/page-cards.ts).
  const card = pageContext.sharingCards?.[pageContext.urlPathname] ?? pageSharingImage(pageContext.urlPathname);
  const imageUrl = new URL(image ? sharingImage(image) : card, pageContext.siteUrl).href;
  // Only the site's artwork and cards (PNGs under /images/) are known to be this size; an upload or an image from
  // elsewhere has whatever size it has.
  const { origin, pathname } = new URL(imageUrl);
  const isOwnImage = origin === new URL(pageContext.siteUrl).origin && pathname.startsWith('/images/') && pathname.endsWith('.png');
  const ld = [
    ...(jsonLd ? [jsonLd].flat() : []),
    ...(breadcrumb ? [breadcrumbLd(pageContext.siteUrl, [{ name: SITE_TEXT.nav.home, path: '/' }, ...breadcrumb])] : []),
  ];
  return (
    <Head>
      <link rel="canonical" href={canonical} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={imageUrl} />
      {isOwnImage && <meta property="og:image:width" content={String(SHARING_IMAGE_SIZE.width)} />}
      {isOwnImage && <meta property="og:image:height" content={String(SHARING_IMAGE_SIZE.height)} />}
      {imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta property="og:locale" content="en_AU" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {imageAlt && <meta name="twitter:image:alt" content={imageAlt} />}
      {ld.map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(item) }} />
      ))}
    </Head>
  );
}
