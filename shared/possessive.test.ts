import { describe, expect, it } from 'vitest';
import { possessive } from './possessive';

describe('possessive', () => {
  it('when a name ends in s, then only an apostrophe follows', () => {
    expect(possessive('Whiskers')).toBe("Whiskers'");
    expect(possessive('BOOTS')).toBe("BOOTS'");
  });

  it('when a name ends otherwise, then it takes an apostrophe and s', () => {
    expect(possessive('Biscuit')).toBe("Biscuit's");
    expect(possessive('Max ')).toBe("Max's");
  });
});
