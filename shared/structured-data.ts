import type { BlogPost } from './blog.ts';
import { phoneE164 } from './au-identifiers.ts';
import { COMPANY, type SiteSettings } from './company.ts';
import type { Service } from './services.ts';
import { sharingImage } from './sharing-image.ts';

/** schema.org objects shared by several pages; each page adds its own. The company's details are the site settings. */
export function organizationLd(settings: SiteSettings, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.name,
    legalName: settings.legalName,
    url: siteUrl,
    logo: new URL('/favicon.svg', siteUrl).href,
    email: settings.email,
    telephone: phoneE164(settings.phone),
    foundingDate: String(COMPANY.founded),
    taxID: `ABN ${settings.abn}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address.street,
      addressLocality: settings.address.locality,
      addressRegion: settings.address.region,
      postalCode: settings.address.postcode,
      addressCountry: COMPANY.country,
    },
    sameAs: settings.social.map((s) => s.url),
  };
}

export function serviceLd(service: Service, settings: SiteSettings, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    serviceType: service.name,
    name: service.name,
    description: service.description,
    url: new URL(`/services?service=${service.id}`, siteUrl).href,
    areaServed: { '@type': 'Country', name: 'Australia' },
    provider: { '@type': 'Organization', name: settings.name, url: siteUrl },
  };
}

/** A page staff made (docs/product.md#new-pages). */
export function webPageLd(page: { title: string; metaDescription: string; address: string; publishedAt: string }, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.title,
    description: page.metaDescription,
    url: new URL(`/${page.address}`, siteUrl).href,
    datePublished: page.publishedAt,
  };
}

export function breadcrumbLd(siteUrl: string, trail: ReadonlyArray<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: new URL(item.path, siteUrl).href,
    })),
  };
}

/** schema.org BlogPosting for one post page. */
export function blogPostingLd(
  post: Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'author' | 'tags' | 'featuredImage' | 'publishedAt' | 'updatedAt'>,
  settings: SiteSettings,
  siteUrl: string,
) {
  const url = new URL(`/blog/${post.slug}`, siteUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: settings.name, url: siteUrl, logo: new URL('/favicon.svg', siteUrl).href },
    image: new URL(sharingImage(post.featuredImage), siteUrl).href,
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
  };
}
