import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './clean-pasted-html.ts';

describe('cleanPastedHtml', () => {
  it('drops Word conditional comments, styles and o:p tags', () => {
    const word =
      '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--><style>p.MsoNormal{margin:0}</style>' +
      '<p class="MsoNormal">Hello<o:p></o:p></p>';
    expect(cleanPastedHtml(word)).toBe('<p class="MsoNormal">Hello</p>');
  });

  it('unwraps the Google Docs bold wrapper but keeps real bold text', () => {
    const docs = '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p>Plain <b>bold</b></p></b>';
    expect(cleanPastedHtml(docs)).toBe('<p>Plain <b>bold</b></p>');
  });
});
