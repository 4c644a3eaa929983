/*
 * The account is deleted on the Account page and the landing page says so, with a sign-out at the
 * identity provider in between. Its return address must match the one registered with the provider
 * exactly, so it cannot carry a flag: this tab's session storage carries it across instead.
 */
const KEY = 'homeward.account-deleted';

// Storage can be refused (a private window, a full quota); a missed notice must not stop the sign-out.
export function noteAccountDeleted() {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {}
}

/** Whether this tab just deleted its account; answers true once. */
export function takeAccountDeleted() {
  try {
    const deleted = sessionStorage.getItem(KEY) !== null;
    sessionStorage.removeItem(KEY);
    return deleted;
  } catch {
    return false;
  }
}
