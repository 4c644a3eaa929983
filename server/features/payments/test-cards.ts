import type { LocalCard } from '../../../shared/contracts/checkout';

export type CardOutcome =
  | { result: 'approved'; lastFour: string }
  | { result: 'invalid'; message: string }
  | { result: 'declined'; code: string; message: string };

// Stripe's test cards and what Stripe answers for them, so the local processor teaches the same habits.
const APPROVED = new Set(['4242424242424242', '5555555555554444']);
const DECLINED: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const NOT_A_TEST_CARD = {
  code: 'card_declined',
  message: 'Your card was declined. Only test cards are accepted here, such as 4242 4242 4242 4242.',
};

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks a card as a processor would: its shape first (400), then what the bank says (402). */
export function checkTestCard(card: LocalCard, now = new Date()): CardOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (number === '') return { result: 'invalid', message: 'Your card number is incomplete.' };
  if (!/^\d+$/.test(number) || number.length > 19)
    return { result: 'invalid', message: 'Your card number is invalid.' };
  if (number.length < 13) return { result: 'invalid', message: 'Your card number is incomplete.' };
  if (!passesLuhn(number)) return { result: 'invalid', message: 'Your card number is invalid.' };

  const expiry = card.expiry.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!expiry) return { result: 'invalid', message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return { result: 'invalid', message: "Your card's expiration date is invalid." };
  // A card is valid until the end of its expiry month.
  if (new Date(year, month, 1) <= now)
    return { result: 'invalid', message: "Your card's expiration date is in the past." };

  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { result: 'invalid', message: "Your card's security code is incomplete." };

  if (APPROVED.has(number)) return { result: 'approved', lastFour: number.slice(-4) };
  return { result: 'declined', ...(DECLINED[number] ?? NOT_A_TEST_CARD) };
}
