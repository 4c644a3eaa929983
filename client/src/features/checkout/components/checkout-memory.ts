// The browser keeps a state object with each entry of its history, through Back, Forward and a
// reload. A checkout page keeps there the payment it started paying, so that coming back to that
// entry shows what became of the payment instead of a fresh form that invites a second one.

const KEY = 'checkoutPayment';

/** Notes on the current history entry that this checkout is paying `paymentIntentId`. */
export function rememberPayment(paymentIntentId: string) {
  window.history.replaceState({ ...window.history.state, [KEY]: paymentIntentId }, '');
}

/** The payment the current history entry's checkout started paying, if any. */
export function rememberedPayment(): string | undefined {
  const value = (window.history.state as Record<string, unknown> | null)?.[KEY];
  return typeof value === 'string' ? value : undefined;
}

/** Forgets it: the payment was never completed, and the entry may start a new one. */
export function forgetPayment() {
  const { [KEY]: _, ...rest } = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.replaceState(rest, '');
}
