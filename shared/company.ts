/**
 * The company profile. What the owner may change (name, contact details, ABN, social links, the home stats) is
 * the site settings, edited at /admin/settings and stored in the database; `DEFAULT_SITE_SETTINGS` is what the
 * site shows until they are first saved. The look (logo, favicon, accent colour) is absent from the defaults, so a
 * site that never sets it renders exactly as it did before these settings existed. The defaults describe a fictional company; replace them before going live.
 */

/** Australia's states and territories, as a postal address writes them. */
export const AU_REGIONS = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuRegion = (typeof AU_REGIONS)[number];

export interface SocialLink {
  name: string;
  url: string;
}

export interface HomeStat {
  value: string;
  label: string;
}

export interface SiteSettings {
  name: string;
  legalName: string;
  email: string;
  /** As shown: `(02) 8005 0142`, `0412 345 678`, `1300 123 456` (shared/au-identifiers.ts). */
  phone: string;
  /** As shown: `53 004 085 616`. */
  abn: string;
  address: { street: string; locality: string; region: AuRegion; postcode: string };
  social: SocialLink[];
  stats: HomeStat[];
  /** The header's and footer's logo, from the media library; absent: the site's own mark beside the name. */
  logo?: SiteLogo;
  /** The address of a square image from the media library, made into the icon sizes browsers ask for; absent: /favicon.ico and /favicon.svg. */
  favicon?: string;
  /** Links, buttons and focus rings, `#rrggbb`; absent: the stylesheet's own blue (shared/contrast.ts). */
  accent?: string;
}

/**
 * A logo image: its address in the media library (the copy the pages show), its alt text, and the size it is drawn
 * at (shared/logo.ts), worked out by the server on save from the library's record, so pages draw it as it is.
 * Exactly the `<img>`'s attributes: components/Logo.tsx spreads it (a field added here becomes an attribute).
 */
export interface SiteLogo {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** How many social links and home stats the settings hold. */
export const SETTINGS_LIMITS = { social: 6, statsMin: 1, stats: 4 } as const;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  name: 'Northbridge IT',
  legalName: 'Northbridge IT Pty Ltd',
  email: 'hello@northbridge-it.com.au',
  phone: '(02) 8005 0142',
  abn: '53 004 085 616',
  address: { street: 'Level 4, 88 Walker Street', locality: 'North Sydney', region: 'NSW', postcode: '2060' },
  social: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/northbridge-it' },
    { name: 'GitHub', url: 'https://github.com/northbridge-it' },
    { name: 'Facebook', url: 'https://www.facebook.com/northbridgeit' },
  ],
  stats: [
    { value: '99.9%', label: 'Uptime' },
    { value: '24/7', label: 'Support' },
    { value: '2024', label: 'Founded' },
  ],
};

/** What stays in code: the site's wording about the company, not its details. */
export const COMPANY = {
  tagline: 'IT infrastructure and web solutions for Australian businesses',
  founded: 2024,
  country: 'AU',
} as const;

/** The street address on one line. */
export function addressLine({ address }: SiteSettings): string {
  return `${address.street}, ${address.locality} ${address.region} ${address.postcode}`;
}
