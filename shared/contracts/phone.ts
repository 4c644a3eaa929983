/**
 * A phone number a finder's phone can dial. People write spaces, dashes, dots and brackets, so
 * only the digits are counted; the spec asks checkout for seven, and every other number a
 * stranger may call is held to the same rule.
 */
export const MIN_PHONE_DIGITS = 7;
export const PHONE_DIGITS_MESSAGE = `Phone number must contain at least ${MIN_PHONE_DIGITS} digits`;

export const phoneDigitCount = (value: string) => value.replace(/\D/g, '').length;
export const hasPhoneDigits = (value: string) => phoneDigitCount(value) >= MIN_PHONE_DIGITS;
