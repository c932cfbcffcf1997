import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Locator, Page } from 'playwright-core';
import { fieldLabel } from '../../shared/lead-fields.ts';
import { QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import type { ServiceId } from '../../shared/services.ts';
import { createAltchaCaptcha } from '../../server/leads/captcha/altcha.ts';
import { altchaKey } from '../../server/leads/captcha/index.ts';

/** Environment for tests that submit leads: an easy ALTCHA puzzle (still really solved) and no limits in the way. */
export const LEAD_TEST_ENV = {
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '20',
  RATE_LIMIT_PER_MINUTE: '10000',
  RATE_LIMIT_PER_DAY: '100000',
  MIN_FILL_MS: '3000',
  // Tests send many leads from one address; the per-address limit has its own test (security-findings.test.ts).
  ACKNOWLEDGEMENTS_PER_DAY: '100000',
};

/**
 * A server process that takes leads and sends their e-mails: a database of its own, a fresh session secret, no
 * demo posts, SMTP at `smtpPort`, and an outbox polling every 100 ms. `overrides` set the outbox's timings.
 */
export function outboxServerEnv(databaseUrl: string, smtpPort: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...LEAD_TEST_ENV,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_CONTENT: 'false',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_POLL_MS: '100',
    ...overrides,
  };
}

/** Solves an ALTCHA challenge the way the widget does and encodes the payload it would submit. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Solved challenges made with a server's own key (derived from the SESSION_SECRET it was given), for benches. */
export async function solvedTokens(secret: string, count: number): Promise<string[]> {
  const altcha = createAltchaCaptcha({
    hmacKey: altchaKey({ SESSION_SECRET: secret, ALTCHA_HMAC_KEY: undefined }),
    cost: 1,
    maxCounter: 2,
  });
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) tokens.push(await solveAltcha(await altcha.challenge()));
  return tokens;
}

/** Fetches a challenge from a running site and solves it. */
export async function altchaToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/captcha/challenge`);
  if (!res.ok) throw new Error(`challenge endpoint answered ${res.status}`);
  return solveAltcha((await res.json()) as Challenge);
}

/** Submits a quote to a running site as its form does; resolves with the answer's status and the lead's id. */
export async function submitQuote(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<{ status: number; id?: string }> {
  const data = { ...goodQuote('web-hosting', overrides), 'g-recaptcha-response': await altchaToken(baseUrl) };
  const res = await fetch(`${baseUrl}/functions/submitQuote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: { id: string } };
  return { status: res.status, ...(body.result ? { id: body.result.id } : {}) };
}

/** A visitor who took a minute to fill the form in. */
export function submissionTimes(fillMs = 60_000): { startedAt: string; submittedAt: string } {
  const now = Date.now();
  return { startedAt: new Date(now - fillMs).toISOString(), submittedAt: new Date(now).toISOString() };
}

export function goodContact(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Pty Ltd',
    service: 'network-security',
    message: 'Please call me about a firewall review.',
    ...submissionTimes(),
    ...overrides,
  };
}

/** A valid answer for every step-3 field of a service: its list's option at `option` (-1 is the last), 12, text. */
export function serviceAnswers(service: ServiceId, option = 0): Record<string, string | number> {
  return Object.fromEntries(
    QUOTE_FIELDS[service].map((f) => [
      f.name,
      f.kind === 'select' ? f.options.at(option)! : f.kind === 'number' ? 12 : 'Weekends after 6 pm',
    ]),
  );
}

/** The contact form as a test fills it in. */
export interface ContactDetails {
  name: string;
  email: string;
  message: string;
}

const CONTACT_DETAILS: ContactDetails = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me.' };

/** Fills the contact form's name, e-mail and message in a browser, found by label as a person would. */
export async function fillContact(page: Page, details: Partial<ContactDetails> = {}): Promise<void> {
  const d = { ...CONTACT_DETAILS, ...details };
  await page.getByRole('textbox', { name: 'Full Name' }).fill(d.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(d.email);
  await page.getByRole('textbox', { name: 'Message' }).fill(d.message);
}

/** Step 2 of the quote wizard as a test fills it in; size and budget are optional in the form and filled when given. */
export interface ProjectDetails {
  name: string;
  email: string;
  companySize?: string;
  budget?: string;
  startDate: string;
  completionDate: string;
  description: string;
}

export const PROJECT_DETAILS: ProjectDetails = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  startDate: '2027-01-10',
  completionDate: '2027-03-01',
  description: 'Two racks in a colocation facility.',
};

/** Fills step 2 of the wizard in a browser, found by label as a person would. */
export async function fillProjectDetails(page: Page, details: Partial<ProjectDetails> = {}): Promise<void> {
  const d = { ...PROJECT_DETAILS, ...details };
  await page.getByRole('textbox', { name: 'Full Name' }).fill(d.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(d.email);
  if (d.companySize) await page.getByRole('combobox', { name: 'Company size' }).selectOption(d.companySize);
  if (d.budget) await page.getByRole('combobox', { name: 'Budget' }).selectOption(d.budget);
  await page.getByLabel('Start date').fill(d.startDate);
  await page.getByLabel('Completion date').fill(d.completionDate);
  await page.getByRole('textbox', { name: 'Project description' }).fill(d.description);
}

const CONTROL_ROLES = { select: 'combobox', number: 'spinbutton', text: 'textbox' } as const;

/** A step-3 control found the way a screen reader names it: its label with the unit. */
export function serviceControl(page: Page, service: ServiceId, name: string): Locator {
  const field = QUOTE_FIELDS[service].find((f) => f.name === name);
  if (!field) throw new Error(`${service} has no step-3 field ${name}`);
  return page.getByRole(CONTROL_ROLES[field.kind], { name: fieldLabel(field), exact: true });
}

/** Fills step 3 of the wizard in a browser with `serviceAnswers(service, option)`; resolves with them, as stored. */
export async function fillServiceAnswers(page: Page, service: ServiceId, option = 1): Promise<Record<string, string | number>> {
  const answers = serviceAnswers(service, option);
  for (const field of QUOTE_FIELDS[service]) {
    const control = serviceControl(page, service, field.name);
    const value = String(answers[field.name]);
    if (field.kind === 'select') await control.selectOption(value);
    else await control.fill(value);
  }
  return answers;
}

export function goodQuote(service: ServiceId = 'datacenter', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    service,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    company: 'Compiler Co',
    phone: '02 8005 0142',
    companySize: '11-50',
    budget: '$15,000-$50,000',
    timeline: '1-3 months',
    startDate: '2027-01-10',
    completionDate: '2027-03-01',
    description: 'Two racks in a colocation facility.',
    ...serviceAnswers(service),
    ...submissionTimes(),
    ...overrides,
  };
}

export interface StandInVerifier {
  url: string;
  /** The form fields of every verification request received. */
  requests: URLSearchParams[];
  /** What the next answers say; defaults to a good human on the expected action. */
  answer: (token: string) => Record<string, unknown>;
  /** How long each answer takes (a slow provider). */
  delayMs: number;
  close: () => Promise<void>;
}

/** A local stand-in for reCAPTCHA's or Turnstile's siteverify endpoint. */
export async function startStandInVerifier(
  answer: StandInVerifier['answer'] = () => ({ success: true, score: 0.9, action: 'contact_form' }),
): Promise<StandInVerifier> {
  const state: StandInVerifier = { url: '', requests: [], answer, delayMs: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      state.requests.push(form);
      const reply = state.answer(form.get('response') ?? '');
      setTimeout(() => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(reply));
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

export interface CallableAnswer {
  status: number;
  body: { result?: { success: boolean; id: string }; error?: { status: string; message: string } };
}

/** A visitor's quote to a running site, captcha really solved; the answer's status and JSON body. */
export async function postQuote(baseUrl: string, headers: Record<string, string> = {}): Promise<CallableAnswer> {
  const data = { ...goodQuote('datacenter'), 'g-recaptcha-response': await altchaToken(baseUrl) };
  const res = await fetch(`${baseUrl}/functions/submitQuote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as CallableAnswer['body'] };
}
