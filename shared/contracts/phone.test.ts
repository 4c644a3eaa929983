import { describe, expect, it } from 'vitest';
import { hasPhoneDigits, telHref } from './phone';

describe('phone numbers', () => {
  it('when a number is written as people write them, then the link dials its digits and leading plus', () => {
    expect(telHref('+44 (20) 7946-0958')).toBe('tel:+442079460958');
    expect(telHref('555.010.0123')).toBe('tel:5550100123');
  });

  it('when a number has an extension, then the link carries it as one instead of dialling it', () => {
    for (const written of [
      '+1 (555) 010-9999 ext. 4',
      '+1 555 010 9999 x4',
      '+1-555-010-9999 #4',
      '+15550109999 extension 4',
    ])
      expect(telHref(written), written).toBe('tel:+15550109999;ext=4');
  });

  it('when a number has fewer than seven digits, then it is not a number to call', () => {
    expect(hasPhoneDigits('call my mobile')).toBe(false);
    expect(hasPhoneDigits('<script>alert(3)</script>')).toBe(false);
    expect(hasPhoneDigits('555-12')).toBe(false);
    expect(hasPhoneDigits('555-0100')).toBe(true);
  });
});
