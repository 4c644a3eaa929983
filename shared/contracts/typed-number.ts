// A number a person types in a form field (a latitude, a longitude), read the same way by the page's
// script and by the server that receives the form without it.

/**
 * The number typed: digits with a sign and a decimal point or, as much of Europe and South America
 * writes it, a decimal comma ('45,52'). Blank is undefined (nothing typed: never 0, a real place);
 * anything else, NaN, which every rule refuses as not a number ('12abc', '1e3', '1,234.5': no
 * thousands separators: '1,234' reads 1.234).
 */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const decimal = trimmed.replace(',', '.');
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(decimal) ? Number(decimal) : Number.NaN;
}
