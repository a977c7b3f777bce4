import { describe, expect, it } from 'vitest';
import { clockOffWords } from '../../../../src-renderer/src/format/clock-words';

describe('the clock notice in words (security.md 37)', () => {
  it.each([
    [90, "Your computer's clock is about 2 minutes ahead of the service's."],
    [61, "Your computer's clock is about a minute ahead of the service's."],
    [-75, "Your computer's clock is about a minute behind the service's."],
    [600, "Your computer's clock is about 10 minutes ahead of the service's."],
    [-600, "Your computer's clock is about 10 minutes behind the service's."],
    [3_700, "Your computer's clock is about an hour ahead of the service's."],
    [-7_200, "Your computer's clock is about 2 hours behind the service's."],
  ])('%s seconds ahead reads "%s" and says what it means for two-factor codes', (seconds, first) => {
    const words = clockOffWords(seconds);
    expect(words.startsWith(`${first} `)).toBe(true);
    expect(words).toContain('Two-factor codes from an authenticator on this computer may be refused.');
    // Whole sentences: each starts with a capital and ends with a full stop.
    for (const sentence of words.split(/(?<=\.) /)) expect(sentence).toMatch(/^[A-Z].*\.$/);
  });
});
