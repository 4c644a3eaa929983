/**
 * A phone number a finder's phone can dial. People write spaces, dashes, dots and brackets, so
 * only the digits are counted; the spec asks checkout for seven, and every other number a
 * stranger may call is held to the same rule.
 */
export const MIN_PHONE_DIGITS = 7;
export const PHONE_DIGITS_MESSAGE = `Phone number must contain at least ${MIN_PHONE_DIGITS} digits`;

export const phoneDigitCount = (value: string) => value.replace(/\D/g, '').length;
export const hasPhoneDigits = (value: string) => phoneDigitCount(value) >= MIN_PHONE_DIGITS;

// What follows a number's last digit before an extension: 'ext. 4', 'extension 4', 'x4', '#4'.
const EXTENSION = /\s*(?:extension|ext\.?|x|#)\s*/i;
const dialled = (text: string) => text.replace(/[^\d+]/g, '');

/**
 * A `tel:` link a phone can dial: the digits and a leading plus, not the spaces and dashes people
 * type. An extension is passed as one (RFC 3966), never dialled as part of the number.
 */
export function telHref(phone: string) {
  const [number, extension = ''] = phone.split(EXTENSION);
  const ext = extension.replace(/\D/g, '');
  return `tel:${dialled(number)}${ext ? `;ext=${ext}` : ''}`;
}
