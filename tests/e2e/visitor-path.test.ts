import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { SERVICES } from '../../shared/services.ts';
import { liveSite, openPage } from '../helpers/browser.ts';
import { fillProjectDetails, fillServiceAnswers } from '../helpers/leads.ts';
import { successShown } from '../helpers/page-checks.ts';

/*
 * A visitor's way to a quote, tried at a phone's width (390 px, an iPhone 14) and at desktop width: the things
 * that are seen (or not) and reached with the keyboard between landing on a page and sending a lead.
 */

const WIDTHS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

// A quote and a message from each width, from one address: the per-minute limit is raised for this visitor.
const site = liveSite({ env: { MIN_FILL_MS: '0', RATE_LIMIT_PER_MINUTE: '100' } });

/** WCAG 2.x contrast ratio of an element's text colour against the first opaque background behind it. */
function textContrast(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const [R, G, B] = [r, g, b].map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      let background: number[] = [255, 255, 255];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const parts = rgb(getComputedStyle(node).backgroundColor);
        if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
          background = parts.slice(0, 3);
          break;
        }
      }
      const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}

/** The element is wholly inside the first screen (the layout viewport at the current scroll). */
function inViewport(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    });
}

/** The confirmation panel is in view, holds focus, and says the spec's text; "Send another" brings the form back. */
async function expectConfirmation(page: Page, message: string) {
  const panel = page.locator('.success-panel');
  await panel.waitFor();
  await successShown(page, message);
  await expect.poll(() => panel.evaluate((el) => el === document.activeElement)).toBe(true);
  // Its top (heading and the success text) is on screen, not hidden under the sticky header.
  const header = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().bottom);
  const top = await page.locator('.success-panel h2').evaluate((el) => el.getBoundingClientRect());
  expect(top.top).toBeGreaterThanOrEqual(header);
  expect(await inViewport(page, '.success-message')).toBe(true);
  await expect(panel.getByRole('heading', { name: 'What happens next' }).count()).resolves.toBe(1);
}

describe.each(Object.entries(WIDTHS))('at %s width', (name, viewport) => {
  it('visitor sends a message and sees the confirmation, focused and in view, then sends another', async () => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(`${site.baseUrl}/contact`, { waitUntil: 'networkidle' });
    await p.page.getByRole('textbox', { name: 'Full Name' }).fill(`Panel ${name}`);
    await p.page.getByRole('textbox', { name: 'Email' }).fill('panel@example.com');
    await p.page.getByRole('textbox', { name: 'Message' }).fill('Please call me back.');
    await p.page.getByRole('button', { name: 'Send message' }).click();
    await expectConfirmation(p.page, MESSAGES.contactSuccess);
    const sent = await p.page.locator('.success-sent').innerText();
    expect(sent).toContain(`Panel ${name}`);
    expect(sent).toContain('Please call me back.');
    await p.page.getByRole('button', { name: 'Send another' }).click();
    const field = p.page.getByRole('textbox', { name: 'Full Name' });
    await expect(field.inputValue()).resolves.toBe('');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    p.assertClean();
  });

  it('visitor sends a quote and sees the confirmation, focused and in view; Send another starts at step 1', async () => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(`${site.baseUrl}/quote?service=web-hosting`, { waitUntil: 'networkidle' });
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await fillProjectDetails(p.page, {
      name: `Quote ${name}`,
      email: 'quote@example.com',
      budget: '$15,000-$50,000',
      startDate: '2027-02-01',
    });
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await fillServiceAnswers(p.page, 'web-hosting');
    await p.page.getByRole('button', { name: 'Submit request' }).click();
    await expectConfirmation(p.page, MESSAGES.quoteSuccess);
    // What was sent, as the visitor reads it: dates in words, the budget, and the service's answers by label.
    const sent = await p.page.locator('.success-sent').innerText();
    expect(sent).toContain('Web Hosting');
    expect(sent).toMatch(/Budget\s+\$15,000-\$50,000/);
    expect(sent).toMatch(/Dates\s+1 February 2027 to 1 March 2027/);
    expect(sent).toMatch(/Hosting type\s+\S/);
    expect(sent).not.toContain('2027-02-01');
    await p.page.getByRole('button', { name: 'Send another' }).click();
    await expect(p.page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 1 of 3');
    await expect(p.page.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.id)).toBe('wizard-title');
    p.assertClean();
  });

  it('visitor sees the captcha checkbox and ticks it with the keyboard', async () => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(`${site.baseUrl}/contact`, { waitUntil: 'networkidle' });
    // The spam check loads once the visitor starts on the form; its checkbox is the Tab stop after the message.
    await p.page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    const checkbox = p.page.getByRole('checkbox', { name: "I'm not a robot" });
    await checkbox.waitFor();
    const border = await checkbox.evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: parseFloat(style.borderTopWidth), style: style.borderTopStyle, color: style.borderTopColor };
    });
    expect(border.style).toBe('solid');
    expect(border.width).toBeGreaterThanOrEqual(1);
    expect(border.color).not.toMatch(/rgba\(.*, 0\)|transparent/);
    await p.page.keyboard.press('Tab');
    // The first focus in the form started the check ("auto: onfocus"), and the label then says so: find the box by
    // place from here on. The visitor sees it ticked once the check ends; Space unticks it and ticks it again.
    // (Pressing Space before the check ends would race it: a press on a ticked box unticks it.)
    const box = p.page.locator('altcha-widget input[type="checkbox"]');
    const state = (name: string) => p.page.locator(`altcha-widget [data-state="${name}"]`);
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await state('verified').waitFor();
    await p.page.keyboard.press('Space');
    await state('unverified').waitFor();
    await expect(box.isChecked()).resolves.toBe(false);
    await p.page.keyboard.press('Space');
    await state('verified').waitFor();
    await expect(box.isChecked()).resolves.toBe(true);
    p.assertClean();
  });

  it('visitor who leaves a field empty reads its error in red with an icon, at 4.5:1 or more', async () => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(`${site.baseUrl}/contact`);
    await p.page.getByRole('button', { name: 'Send message' }).click();
    const error = p.page.locator('.field-error').first();
    await error.waitFor();
    await expect(error.locator('svg').count()).resolves.toBe(1);
    const [r = 0, g = 0, b = 0] = ((await error.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(g + 80);
    expect(r).toBeGreaterThan(b + 80);
    expect(await textContrast(p.page, '.field-error')).toBeGreaterThanOrEqual(4.5);
    p.assertClean();
  });
});

const focusedText = (page: Page) =>
  page.evaluate(
    () => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim(),
  );

/**
 * The expanded state Chromium gives assistive technology for the focused element (a popover's invoking button
 * has one without any aria-expanded attribute, which a page without JavaScript could not keep up to date).
 */
async function expandedState(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; properties?: { name: string; value: { value?: unknown } }[] }[];
    };
    // The page's root counts as focused too; the element is the other one.
    const focused = nodes.find(
      (node) => node.role?.value !== 'RootWebArea' && node.properties?.some((prop) => prop.name === 'focused' && prop.value.value === true),
    );
    return focused?.properties?.find((prop) => prop.name === 'expanded')?.value.value as boolean | undefined;
  } finally {
    await cdp.detach();
  }
}

describe('phone visitor on the way to a quote', () => {
  it('?service= shows the chosen service and a Continue control in the first screen', async () => {
    await using p = await openPage(site.browser, WIDTHS.phone);
    await p.page.goto(`${site.baseUrl}/quote?service=web-hosting`, { waitUntil: 'networkidle' });
    await expect(p.page.getByRole('radio', { name: 'Web Hosting' }).isChecked()).resolves.toBe(true);
    await expect(p.page.locator('.wizard-summary').textContent()).resolves.toBe('Selected: Web Hosting');
    expect(await inViewport(p.page, '.wizard-summary')).toBe(true);
    const next = p.page.getByRole('button', { name: 'Continue' });
    await expect(next.isEnabled()).resolves.toBe(true);
    expect(
      await next.evaluate((el) => {
        const box = el.getBoundingClientRect();
        // Visible and not covered: the element at its centre is the button itself.
        return (
          box.top >= 0 &&
          box.bottom <= window.innerHeight &&
          document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === el
        );
      }),
    ).toBe(true);
    p.assertClean();
  });

  it('a service tab on /services scrolls to its detail', async () => {
    await using p = await openPage(site.browser, WIDTHS.phone);
    await p.page.goto(`${site.baseUrl}/services`);
    await p.page.getByRole('navigation', { name: 'Services', exact: true }).getByRole('link', { name: 'Web Hosting' }).click();
    await p.page.waitForURL(/service=web-hosting#service-detail$/);
    await p.page.getByRole('heading', { level: 2, name: 'Web Hosting' }).waitFor();
    expect(await inViewport(p.page, '#service-title')).toBe(true);
    p.assertClean();
  });
});

describe('header menus', () => {
  it('keyboard visitor passes the closed Services menu in one stop; Escape closes it and returns to its button', async () => {
    await using p = await openPage(site.browser, WIDTHS.desktop);
    await p.page.goto(`${site.baseUrl}/about`);
    const nav = p.page.getByRole('navigation', { name: 'Main', exact: true });
    const toggle = nav.getByRole('button', { name: 'Request a quote for a service' });
    const menu = nav.getByRole('list', { name: 'Request a quote for a service' });
    await nav.getByRole('link', { name: 'Services', exact: true }).focus();
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focusedText(p.page)).toBe('Request a quote for a service');
    await expect(expandedState(p.page)).resolves.toBe(false);
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focusedText(p.page)).toBe('About');

    await toggle.focus();
    await p.page.keyboard.press('Enter');
    await menu.waitFor();
    await expect(expandedState(p.page)).resolves.toBe(true);
    await p.page.keyboard.press('Tab');
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focusedText(p.page)).toBe(SERVICES[1]!.name);
    await p.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    p.assertClean();
  });

  it('a mouse resting on Services opens its menu, which stays while the pointer moves into it; Escape closes it', async () => {
    await using p = await openPage(site.browser, WIDTHS.desktop);
    await p.page.goto(`${site.baseUrl}/about`);
    const nav = p.page.getByRole('navigation', { name: 'Main', exact: true });
    const menu = nav.getByRole('list', { name: 'Request a quote for a service' });
    await nav.getByRole('link', { name: 'Services', exact: true }).hover();
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: SERVICES[2]!.name }).hover();
    await menu.waitFor();
    // Content shown on hover can be dismissed without moving the pointer (WCAG 2.2, 1.4.13).
    await p.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    p.assertClean();
  });

  it('phone visitor sees Get Quote in the header; Escape closes the menu and returns to its button', async () => {
    await using p = await openPage(site.browser, WIDTHS.phone);
    await p.page.goto(`${site.baseUrl}/blog`);
    const getQuote = p.page.getByRole('banner').getByRole('link', { name: 'Get Quote' });
    const box = await getQuote.boundingBox();
    expect(box && box.y + box.height <= WIDTHS.phone.height && box.x + box.width <= WIDTHS.phone.width).toBe(true);
    await expect(getQuote.getAttribute('href')).resolves.toBe('/quote');

    const button = p.page.getByRole('button', { name: 'Menu', exact: true });
    const menu = p.page.getByRole('navigation', { name: 'Main (mobile)' });
    await button.focus();
    await p.page.keyboard.press('Enter');
    await menu.waitFor();
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focusedText(p.page)).toBe('Home');
    await p.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    p.assertClean();
  });

  it.each([320, 360, 390])('at %i px the header shows the logo, Get Quote and a full-size Menu button on one line', async (width) => {
    await using p = await openPage(site.browser, { width, height: 640 });
    await p.page.goto(`${site.baseUrl}/about`);
    const banner = p.page.getByRole('banner');
    for (const control of [
      banner.getByRole('link', { name: 'Northbridge IT home' }),
      banner.getByRole('link', { name: 'Get Quote' }),
      banner.getByRole('button', { name: 'Menu', exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(32);
      expect(box.y).toBeLessThan(20);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  });
});
