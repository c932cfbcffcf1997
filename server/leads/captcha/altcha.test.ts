import { describe, expect, it } from 'vitest';
import { solveAltcha } from '../../../tests/helpers/leads.ts';
import { createAltchaCaptcha } from './altcha.ts';

const altcha = createAltchaCaptcha({ hmacKey: 'a-test-key-of-enough-length-0123456789', cost: 1, maxCounter: 4 });

type Token = { challenge: { parameters: Record<string, unknown>; signature: string }; solution: Record<string, unknown> };
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Token;
const encode = (value: Token) => Buffer.from(JSON.stringify(value)).toString('base64');
/** A real solution, changed by `edit` the way a forger would. */
async function forged(edit: (token: Token) => void): Promise<string> {
  const token = decode(await solveAltcha(await altcha.challenge()));
  edit(token);
  return encode(token);
}

describe('ALTCHA verification', () => {
  it('accepts a solved challenge, once per nonce, until the challenge’s expiry', async () => {
    const token = await solveAltcha(await altcha.challenge());
    const { parameters } = decode(token).challenge;
    const result = await altcha.verify(token, { action: 'contact_form' });
    expect(result).toEqual({
      ok: true,
      singleUse: { key: `altcha:${String(parameters.nonce)}`, expiresAt: new Date(Number(parameters.expiresAt) * 1000).toISOString() },
    });
  });

  it.each<[string, (token: Token) => void]>([
    ['a parameter changed after signing', (t) => void (t.challenge.parameters.cost = 0)],
    ['a later expiry than was signed', (t) => void (t.challenge.parameters.expiresAt = Number(t.challenge.parameters.expiresAt) + 60)],
    ['a forged signature', (t) => void (t.challenge.signature = '0'.repeat(64))],
    ['no signature', (t) => void (t.challenge.signature = undefined as unknown as string)],
    ['a guessed derived key', (t) => void (t.solution.derivedKey = '00'.repeat(32))],
    ['an upper-case derived key', (t) => void (t.solution.derivedKey = String(t.solution.derivedKey).toUpperCase())],
    ['a derived key that is not hex', (t) => void (t.solution.derivedKey = 'zz')],
    ['a negative counter', (t) => void (t.solution.counter = -1)],
    ['a counter past 32 bits', (t) => void (t.solution.counter = 2 ** 32)],
    ['a counter that is text', (t) => void (t.solution.counter = '1')],
    ['no key signature', (t) => void delete t.challenge.parameters.keySignature],
  ])('refuses %s', async (_name, edit) => {
    await expect(altcha.verify(await forged(edit), { action: 'contact_form' })).resolves.toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an expired challenge as expired, and a foreign algorithm as invalid', async () => {
    const expired = createAltchaCaptcha({ hmacKey: 'a-test-key-of-enough-length-0123456789', cost: 1, maxCounter: 4, ttlSeconds: -1 });
    const token = await solveAltcha(await expired.challenge());
    await expect(expired.verify(token, { action: 'quote_form' })).resolves.toEqual({ ok: false, reason: 'expired' });
    const foreign = await forged((t) => void (t.challenge.parameters.algorithm = 'SHA-256'));
    await expect(altcha.verify(foreign, { action: 'quote_form' })).resolves.toEqual({ ok: false, reason: 'invalid' });
  });
});
