import type { Channel } from '../../shared/lead-source.ts';

/** Where a visit came from: never the full referring URL, only its host, and the landing URL's campaign tags. */
export interface VisitSource {
  channel: Channel;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/**
 * Longest stored value of a campaign tag; longer ones are cut. Tags and referrers are labels an attacker controls,
 * so only a host's letters, digits, dots and hyphens, and a tag's letters, digits, spaces and `. _ -` are kept.
 */
const MAX_TAG = 60;
/** A DNS name of at most 100 characters with at least one dot (an IPv4 address is one too); nothing else is a host. */
const HOST = /^(?=.{1,100}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Hosts (and their subdomains) whose visitors came from a search engine. */
const SEARCH = [
  'google',
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.com',
  'yahoo.com',
  'ecosia.org',
  'baidu.com',
  'yandex.ru',
  'yandex.com',
  'search.brave.com',
  'startpage.com',
  'qwant.com',
  'kagi.com',
];
const SOCIAL = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'linkedin.com',
  'lnkd.in',
  't.co',
  'twitter.com',
  'x.com',
  'reddit.com',
  'youtube.com',
  'pinterest.com',
  'threads.net',
  'tiktok.com',
  'news.ycombinator.com',
  'mastodon.social',
  'bsky.app',
];
const EMAIL = ['mail.google.com', 'outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'mail.yahoo.com', 'webmail'];
const EMAIL_MEDIUMS = new Set(['email', 'e-mail', 'newsletter', 'mail']);
const PAID_MEDIUMS = /^(?:cpc|ppc|cpm|paid|paid[-_ ]?\w+|display|banner|affiliate)$/;
const SOCIAL_MEDIUMS = new Set(['social', 'social-network', 'social-media', 'sm']);

/** True when `host` is `domain` or one of its subdomains; a bare word (`google`) matches any of its country domains. */
function matches(host: string, domain: string): boolean {
  if (!domain.includes('.')) return new RegExp(`(?:^|\\.)${domain}\\.[a-z.]+$`).test(host);
  return host === domain || host.endsWith(`.${domain}`) || (domain === 'webmail' && host.startsWith('webmail.'));
}

/** A campaign tag as stored: lower case, other characters as single spaces, at most MAX_TAG characters. */
function cleanTag(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, ' ')
    .trim()
    .slice(0, MAX_TAG)
    .trimEnd();
}

/** The referring site's host, lower case and without `www.`; '' for none, one that is not a DNS name, or this site. */
export function referrerHost(referer: string | undefined, siteHost: string): string {
  if (!referer) return '';
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    host = url.hostname.toLowerCase();
  } catch {
    return '';
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  return host === siteHost || !HOST.test(host) ? '' : host;
}

/**
 * The channel of a visit, from its landing URL's query and its referrer (docs/product.md#analytics): campaign tags
 * say it first (an e-mail or social medium keeps its channel, any other tagged visit is a campaign), then the
 * referring host's kind; no referrer and no tags is direct.
 */
export function visitSource(query: URLSearchParams | null, referer: string | undefined, siteHost: string): VisitSource {
  const utmSource = cleanTag(query?.get('utm_source'));
  const utmMedium = cleanTag(query?.get('utm_medium'));
  const utmCampaign = cleanTag(query?.get('utm_campaign'));
  const host = referrerHost(referer, siteHost);
  return { channel: channelOf(host, utmSource, utmMedium, utmCampaign), referrerHost: host, utmSource, utmMedium, utmCampaign };
}

function channelOf(host: string, source: string, medium: string, campaign: string): Channel {
  if (EMAIL_MEDIUMS.has(medium)) return 'email';
  if (SOCIAL_MEDIUMS.has(medium)) return 'social';
  if (PAID_MEDIUMS.test(medium) || source || campaign) return 'campaign';
  if (!host) return 'direct';
  // Web mail before search: mail.google.com is Google's, but not its search.
  if (EMAIL.some((d) => matches(host, d))) return 'email';
  if (SEARCH.some((d) => matches(host, d))) return 'search';
  if (SOCIAL.some((d) => matches(host, d))) return 'social';
  return 'referral';
}
