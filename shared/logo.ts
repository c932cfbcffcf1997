/*
 * The settings' logo as the header, footer and admin bar draw it. The size is worked out on save and stored with
 * the logo, so the pages' script (every admin page draws the logo) carries none of this.
 */

/** The box the settings' logo is drawn in: this high, and no wider than this. */
export const LOGO_BOX = { height: 40, maxWidth: 200 } as const;

/**
 * The logo sits on a white plate wherever it is drawn: the footer's band is dark, and so is the header in dark
 * mode, so a logo drawn for white pages (most are) stays visible on every background. Sent only with a logo, so a
 * site without one keeps today's stylesheet.
 */
export const LOGO_STYLE = '.logo-image{box-sizing:content-box;padding:4px 8px;background:#fff;border-radius:var(--radius-sm)}';

/** The logo's drawn size: LOGO_BOX high, or narrower and shorter when that would be too wide. */
export function logoSize(logo: { width: number; height: number }): { width: number; height: number } {
  const width = Math.min(Math.round((LOGO_BOX.height * logo.width) / logo.height), LOGO_BOX.maxWidth);
  return { width, height: Math.round((width * logo.height) / logo.width) };
}
