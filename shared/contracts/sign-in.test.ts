import { describe, expect, it } from 'vitest';
import { loginUrl, safeReturnPath } from './sign-in';

describe('the page a sign-in returns to', () => {
  it('when it is a path of this site, then it is kept with its query', () => {
    expect(safeReturnPath('/checkout/abc?x=1')).toBe('/checkout/abc?x=1');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'evil.example',
    '',
    '/api/logout',
    '/oidc/auth',
    `/${'a'.repeat(2001)}`,
    42,
    undefined,
  ])('when it is %j, then it is refused', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('when dot segments climb, then the resolved path is what is kept', () => {
    expect(safeReturnPath('/store/../orders')).toBe('/orders');
  });

  it('when the landing page is shown at a page that needs sign-in, then Log In carries that page', () => {
    expect(loginUrl('/checkout/abc')).toBe('/api/login?returnTo=%2Fcheckout%2Fabc');
    expect(loginUrl('/')).toBe('/api/login');
    expect(loginUrl('//evil.example')).toBe('/api/login');
  });
});
