import tokens from '../components/styles/tokens.css?inline';
import site from '../components/styles/site.css?inline';
import admin from '../components/styles/admin.css?inline';
import { usePageContext } from 'vike-react/usePageContext';
import { isAdminPath } from '../shared/admin.ts';
import { SITE_TEXT } from '../shared/messages.ts';
import { accentStyle } from '../shared/contrast.ts';
import { iconLinks } from '../shared/images.ts';
import { LOGO_STYLE } from '../shared/logo.ts';

/**
 * The stylesheets are inlined (minified by the build): the first paint then waits for nothing but the HTML,
 * where two render-blocking stylesheets cost a round trip each on a slow mobile network. They are ~8 KB
 * gzipped. The staff area's styles go only to its pages (and error pages under /admin), in a block after the
 * site's: its rules override the site's at equal weight. (A +Head of pages/admin would put them first, as
 * vike-react renders the page's Head before this one.) The CSP names each block's SHA-256
 * (server/http/security-headers.ts), so no other inline style applies.
 * Head renders on the server only, so no page's JavaScript carries this text. Being inline, the dark scheme's
 * `prefers-color-scheme` rules (tokens.css) apply at the first paint: no flash of the light page on a dark device.
 */
const css = tokens + site;

export default function HeadDefault() {
  const { settings, urlPathname } = usePageContext();
  const { name, accent, favicon, logo } = settings;
  const look = (accent ? accentStyle(accent) : '') + (logo ? LOGO_STYLE : '');
  return (
    <>
      {/* Before the styles: the browser paints its canvas and controls in the device's scheme from the first frame. */}
      <meta name="color-scheme" content="light dark" />
      <style dangerouslySetInnerHTML={{ __html: css }} />
      {isAdminPath(urlPathname) && <style dangerouslySetInnerHTML={{ __html: admin }} />}
      {/* The settings' accent and logo plate, after the stylesheet they override; none set, none sent (today's page). */}
      {look && <style dangerouslySetInnerHTML={{ __html: look }} />}
      {favicon ? (
        iconLinks(favicon).map(({ rel, href, size }) => (
          <link key={href} rel={rel} href={href} sizes={`${size}x${size}`} type="image/png" />
        ))
      ) : (
        <>
          <link rel="icon" href="/favicon.ico" sizes="32x32" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </>
      )}
      <meta name="theme-color" content="#0b2545" />
      <link rel="alternate" type="application/rss+xml" title={SITE_TEXT.feedTitle(name)} href="/rss.xml" />
    </>
  );
}
