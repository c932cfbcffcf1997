import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The form's thank-you status appears and says `message`. */
export async function successShown(page: Page, message: string): Promise<void> {
  const status = page.getByRole('status').filter({ hasText: 'Thank you' });
  await status.waitFor();
  await expect(status.textContent()).resolves.toBe(message);
}

/** The field is marked invalid, and the text its aria-describedby names (what a screen reader reads out) is `message`. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
  const describedBy = await field.getAttribute('aria-describedby');
  await expect(field.page().locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(message);
}
