/**
 * Tidies HTML pasted from Word or Google Docs before the editor parses it. The editor already keeps only the
 * elements it knows (headings, lists, links, images, quotes, code) and no styles; this removes what would
 * still come through: Word's conditional comments, XML islands, `<style>` blocks and `<o:p>` tags, and the
 * `<b style="font-weight:normal">` wrapper Google Docs puts around everything (which would make it all bold).
 */
export function cleanPastedHtml(html: string): string {
  let out = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|xml|title)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<(meta|link)\b[^>]*>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ');
  const wrapper = /<b\b[^>]*font-weight:\s*normal[^>]*>/i.exec(out);
  if (wrapper) {
    const close = out.lastIndexOf('</b>');
    if (close > wrapper.index) out = out.slice(0, close) + out.slice(close + 4);
    out = out.slice(0, wrapper.index) + out.slice(wrapper.index + wrapper[0].length);
  }
  return out;
}
