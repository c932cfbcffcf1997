/*
 * Colour contrast as WCAG 2.x defines it (relative luminance of sRGB colours, ratio (L1 + 0.05) / (L2 + 0.05)),
 * and the site's accent colour checked against where the stylesheets use it (components/styles/tokens.css).
 * Shared: the settings' schema refuses an accent with it, and the page's head derives the accent's shades with it.
 */

/** A colour as `#rrggbb`, lower case: how the settings store the accent. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** WCAG AA's minimum for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  if (!HEX_COLOUR.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white); the order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `hex` moved `amount` (0 to 1) of the way towards `to`, channel by channel. */
export function mixColours(hex: string, to: string, amount: number): string {
  const [from, target] = [rgbOf(hex), rgbOf(to)];
  return hexOf(from.map((c, i) => c + (target[i]! - c) * amount) as Rgb);
}

/** A ratio as the refusal says it: cut (never rounded up) to one decimal, so 4.49 reads "4.4", not "4.5". */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1);
}

/**
 * The backgrounds the accent meets (tokens.css): in light mode links in the accent sit on the page (--white) and
 * on tinted sections (--light); buttons and bands fill with it under white text (--on-dark) in both modes. In dark
 * mode links sit on the dark surfaces, the lightest of which is --surface-tint.
 */
export const ACCENT_BACKGROUNDS = {
  lightPage: '#ffffff',
  lightTint: '#eef4fb',
  buttonText: '#ffffff',
  darkTint: '#1a2840',
} as const;

/** Today's accent (tokens.css --blue): a site that sets none keeps the stylesheet's own shades untouched. */
export const DEFAULT_ACCENT = '#1d4ed8';

export interface AccentShades {
  /** Light mode's links, borders and focus rings; button and band fills in both modes. */
  accent: string;
  /** A button's hover and a link's hover in light mode: darker, so its contrast only grows. */
  hover: string;
  /** Dark mode's links, borders and focus rings. */
  dark: string;
  /** A link's hover in dark mode: lighter still. */
  darkHover: string;
}

/**
 * The shades the site uses of one accent. Dark mode cannot use the accent itself for links: a colour dark enough
 * to carry white button text (4.5:1 against white) is too dark to read on the dark surfaces, so no single shade
 * does both (today's site pairs #1d4ed8 with #8db4ff for this reason). Rather than ask the owner for a second
 * colour, the dark shade is the accent lightened towards white in small steps until its text reads on the
 * lightest dark surface; the owner picks one colour, and the check below still measures every pair.
 */
export function accentShades(accent: string): AccentShades {
  const lightened = (min: number, from = 0) => {
    for (let step = from; step <= 20; step += 1) {
      const shade = mixColours(accent, '#ffffff', step / 20);
      if (contrastRatio(shade, ACCENT_BACKGROUNDS.darkTint) >= min) return { shade, step };
    }
    return { shade: '#ffffff', step: 20 };
  };
  const dark = lightened(AA_TEXT_CONTRAST);
  return {
    accent,
    hover: mixColours(accent, '#000000', 0.15),
    dark: dark.shade,
    darkHover: lightened(AA_TEXT_CONTRAST, Math.min(dark.step + 4, 20)).shade,
  };
}

/** One pair the accent must pass: where it is, and its ratio. */
export interface AccentCheck {
  scheme: 'light' | 'dark';
  use: 'link' | 'button';
  ratio: number;
}

/** Every pair of the accent's shades with what they meet, in light mode and in dark mode. */
export function accentChecks(accent: string): AccentCheck[] {
  const { dark } = accentShades(accent);
  return [
    {
      scheme: 'light',
      use: 'link',
      ratio: Math.min(contrastRatio(accent, ACCENT_BACKGROUNDS.lightPage), contrastRatio(accent, ACCENT_BACKGROUNDS.lightTint)),
    },
    { scheme: 'light', use: 'button', ratio: contrastRatio(accent, ACCENT_BACKGROUNDS.buttonText) },
    { scheme: 'dark', use: 'link', ratio: contrastRatio(dark, ACCENT_BACKGROUNDS.darkTint) },
    { scheme: 'dark', use: 'button', ratio: contrastRatio(accent, ACCENT_BACKGROUNDS.buttonText) },
  ];
}

/** The first pair under WCAG AA (4.5:1), or null when the accent passes in both modes. */
export function accentFailure(accent: string): AccentCheck | null {
  return accentChecks(accent).find((check) => check.ratio < AA_TEXT_CONTRAST) ?? null;
}

/**
 * The stylesheet that puts an accent in place of today's blue (tokens.css): the palette's blue in both modes (links,
 * buttons, bands), and the derived shades where dark mode sets its own. Emitted only for a chosen accent, after the
 * site's stylesheet; the CSP hashes each page's style blocks, this one included.
 */
export function accentStyle(accent: string): string {
  const shades = accentShades(accent);
  return (
    `:root{--blue:${shades.accent};--blue-dark:${shades.hover}}` +
    `@media (prefers-color-scheme:dark){:root{--link:${shades.dark};--link-hover:${shades.darkHover};--accent:${shades.dark}}}`
  );
}
