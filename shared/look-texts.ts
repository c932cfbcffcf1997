/*
 * The site settings' look (docs/product.md#settings): the logo, the favicon and the accent colour. A catalogue of
 * its own, so the admin’s other pages do not carry these words in their script (tests/integration/page-weight.test.ts).
 */

/** What the settings answer about the look, beside each field. */
export const LOOK_MESSAGES = {
  imageFormat: (what: string) => `Choose a PNG or WebP image from the media library for the ${what}.`,
  imageGone: (what: string) => `That image is no longer in the media library. Choose another for the ${what}.`,
  faviconSize: (min: number, width: number, height: number) =>
    `The favicon must be square and at least ${min} × ${min} pixels; this image is ${width} × ${height}. Choose another.`,
  accentFormat: 'Enter the accent colour as # and six hexadecimal digits, like #1d4ed8.',
  /** Where an accent fails WCAG AA (shared/contrast.ts), with its ratio already written ("2.1"). */
  accentContrast: (check: { scheme: 'light' | 'dark'; use: 'link' | 'button' }, ratio: string) =>
    check.use === 'link'
      ? `This colour is too hard to read as link text on the ${check.scheme === 'light' ? 'light' : 'dark'} pages (${ratio}:1; text needs at least 4.5:1). Choose a darker colour.`
      : `White button text is too hard to read on this colour${check.scheme === 'dark' ? ' in dark mode' : ''} (${ratio}:1; text needs at least 4.5:1). Choose a darker colour.`,
} as const;

/** The look's fieldset on the settings page: its legends, labels, hints and buttons. */
export const LOOK_TEXT = {
  look: 'The site’s look',
  lookIntro: 'Until you choose them, the site keeps its own logo, icon and blue.',
  logo: {
    legend: 'Logo',
    none: 'The site’s own mark and the company name.',
    hint: 'A PNG or WebP image from the media library, drawn for a white background: the header and footer show it 40 pixels high on a white plate.',
    choose: 'Choose the logo',
  },
  logoAlt: 'Logo alt text',
  logoAltHint: 'What the logo says, usually the company name.',
  favicon: {
    legend: 'Favicon',
    none: 'The site’s own icon.',
    hint: 'The icon in browser tabs and on phones’ home screens: a square PNG or WebP image from the media library, at least 192 × 192 pixels. The site makes the sizes browsers ask for.',
    choose: 'Choose the favicon',
  },
  /** The chosen image, as the form shows it. */
  chosenImage: (fileName: string) => `Now: ${fileName}`,
  chosenNow: 'The chosen image',
  removeImage: (what: string) => `Remove the ${what.toLowerCase()}`,
  accent: 'Accent colour',
  accentPicker: 'Accent colour picker',
  accentHint:
    'Links, buttons and focus rings, as # and six hexadecimal digits. It must be dark enough to read on the light pages and under white button text (4.5:1).',
  accentDefault: 'Use the default colour',
} as const;

/** The look's settings as an audit entry names them (with AUDIT_TEXT.settingName in shared/audit-texts.ts). */
export const LOOK_SETTING_NAMES: Record<string, string> = { logo: 'logo', favicon: 'favicon', accent: 'accent colour' };
