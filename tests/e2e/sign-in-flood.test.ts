import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { ORIGIN, createStaff } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, signIn } from '../helpers/browser.ts';

// Proof of work after LOGIN_PROOF_AFTER failed sign-ins a minute, site-wide (an easy puzzle, still really solved).
const site = liveSite({ env: { TRUST_PROXY: '1', LOGIN_PROOF_AFTER: '3', ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '20' } });

beforeAll(() => createStaff(site.database.db));

/** A wrong password for `email` from the address `from`, as a script guessing would send it. */
function guess(from: string, email: string): Promise<Response> {
  return fetch(`${site.baseUrl}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': from },
    body: JSON.stringify({ email, password: 'guess' }),
  });
}

describe('sign-in while guesses spike, in a browser', () => {
  it('the login page asks for the browser check, does it on the second press, and signs the person in', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await guess(`198.51.100.${i + 1}`, `nobody${i}@example.com`)).status).toBe(401);
    }
    // The site-wide count is read at most once a second: a browser it does not know is asked for the check once
    // it has been.
    let asker = 10;
    const askedForProof = async () => {
      asker += 1;
      const res = await guess(`198.51.100.${asker}`, 'nobody@example.com');
      return (await res.text()).includes('proofOfWork');
    };
    await expect.poll(askedForProof, { timeout: 10_000, interval: 250 }).toBe(true);

    await using p = await openPage(site.browser);
    const { page } = p;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
    await page.goto(`${site.baseUrl}/admin/login?next=%2Fadmin%2Fdashboard`);
    await page.waitForLoadState('networkidle');
    await signIn(page);
    await expect(page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.signInProofNeeded }).textContent()).resolves.toBe(
      ADMIN_MESSAGES.signInProofNeeded,
    );
    // The check's widget is on the page at once and solves by itself, ready for the second press.
    await page.locator('altcha-widget').getByText('Verified').waitFor();
    const violations = await axeViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${site.baseUrl}/admin/dashboard`);
    // The first press was refused with 403 (Chromium logs that); nothing else went wrong.
    // The widget may fetch its solver's code again as Sign in is pressed; the page leaving cancels that fetch.
    const problems = p.problems.filter((problem) => !problem.includes('403') && !/\/assets\/\S+ net::ERR_ABORTED$/.test(problem));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
