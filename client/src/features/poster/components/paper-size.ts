/** The two sheets a home printer takes: the poster prints on one page of either. */
export const PAPER_SIZES = {
  letter: { label: 'US Letter (8.5 x 11 in)', page: 'letter', width: '8.5in', height: '11in' },
  a4: { label: 'A4 (210 x 297 mm)', page: 'A4', width: '210mm', height: '297mm' },
} as const;

export type PaperSize = keyof typeof PAPER_SIZES;

// Where Letter is the usual paper (the Americas that use it and the Philippines); A4 elsewhere.
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PR', 'CL', 'CO', 'VE', 'CR', 'GT', 'DO', 'SV', 'PA', 'PH']);

/** The paper the browser's locale suggests: en-US prints on Letter, de-DE or en-GB on A4. */
export function defaultPaperSize(locale: string | undefined): PaperSize {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    return region && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  } catch {
    return 'letter';
  }
}
