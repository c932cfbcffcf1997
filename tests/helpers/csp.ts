import { createHash } from 'node:crypto';

/** Parses a CSP header into its directives: `{ 'script-src': ["'self'", …] }`. */
export function cspDirectives(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The CSP sources a page needs, worked out from its HTML as a browser sees it: the SHA-256 of every inline
 * script that runs (no `src`, not a JSON data block) and of every `<style>` block.
 */
export function inlineSources(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
    .map(([, , text]) => sha256(text!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => sha256(text!));
  return { scripts, styles };
}
