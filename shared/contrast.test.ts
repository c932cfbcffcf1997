import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  DEFAULT_ACCENT,
  accentFailure,
  accentShades,
  contrastRatio,
  formatRatio,
  relativeLuminance,
} from './contrast.ts';

describe('contrastRatio', () => {
  it('measures known pairs as WCAG does', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Published values (WebAIM's checker): #767676 is the lightest grey at 4.5:1 on white, #777777 just under.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
    expect(contrastRatio('#ffffff', '#1d4ed8')).toBe(contrastRatio('#1d4ed8', '#ffffff'));
  });

  it('says a ratio without rounding it up past the line', () => {
    expect(formatRatio(4.4999)).toBe('4.4');
    expect(formatRatio(1.07)).toBe('1.0');
  });
});

describe('accentFailure', () => {
  it('passes today’s accent in light and dark mode', () => {
    expect(accentFailure(DEFAULT_ACCENT)).toBeNull();
    expect(accentFailure('#047857')).toBeNull();
  });

  it('refuses a light yellow for links and buttons on the light pages', () => {
    expect(accentFailure('#fde047')).toMatchObject({ scheme: 'light', use: 'link' });
    expect(accentFailure('#fde047')!.ratio).toBeLessThan(2);
  });

  it('refuses a mid blue that reads on neither the page nor under white text', () => {
    // #2f7fd0 is 4.1:1 on white and 3.7:1 on the tinted sections: under AA for links and for white button text.
    expect(contrastRatio('#2f7fd0', '#ffffff')).toBeCloseTo(4.14, 2);
    expect(accentFailure('#2f7fd0')).toMatchObject({ scheme: 'light', use: 'link' });
    expect(accentFailure('#2f7fd0')!.ratio).toBeCloseTo(3.74, 2);
  });

  it('derives a dark-mode shade that reads on the dark surfaces, and hovers that only add contrast', () => {
    for (const accent of [DEFAULT_ACCENT, '#7c2d12', '#000000', '#047857']) {
      const shades = accentShades(accent);
      expect(contrastRatio(shades.dark, '#1a2840')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(shades.darkHover, '#1a2840')).toBeGreaterThanOrEqual(contrastRatio(shades.dark, '#1a2840'));
      expect(contrastRatio(shades.hover, '#ffffff')).toBeGreaterThanOrEqual(contrastRatio(accent, '#ffffff'));
    }
  });
});
