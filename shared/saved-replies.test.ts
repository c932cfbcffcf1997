import { describe, expect, it } from 'vitest';
import { fillSavedReply, unknownPlaceholders } from './saved-replies.ts';
import { SavedReplySchema } from './schemas/lead-work.ts';

const values = { name: 'Ada Lovelace', company: 'Engines Pty Ltd', service: 'Web Hosting', sender: 'Sam Lee' };

describe('saved replies', () => {
  it('fills every placeholder with the lead’s values, each time it appears', () => {
    expect(fillSavedReply('Hi {name},\n\nThanks for asking about {service} for {company}. {name}, call me.\n\n{sender}', values)).toBe(
      'Hi Ada Lovelace,\n\nThanks for asking about Web Hosting for Engines Pty Ltd. Ada Lovelace, call me.\n\nSam Lee',
    );
    expect(fillSavedReply('For {company}.', { ...values, company: '' })).toBe('For .');
  });

  it('finds the placeholders that are not ours, once each, and leaves other braces alone', () => {
    expect(unknownPlaceholders('Hi {nmae}, {name}, {nmae} {Company} { spaced } {}')).toEqual(['{nmae}', '{Company}', '{}']);
    expect(unknownPlaceholders('Hi {name}')).toEqual([]);
  });

  it('refuses a saved reply with an unknown placeholder, in words', () => {
    const refused = SavedReplySchema.safeParse({ name: 'Welcome', body: 'Hi {nmae} from {firm}' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      '{nmae}, {firm} are not placeholders: use {name}, {company}, {service} or {sender}.',
    ]);
    expect(SavedReplySchema.safeParse({ name: 'Welcome', body: 'Hi {name}' }).success).toBe(true);
  });
});
