import { PAPER_SIZES, type PaperSize } from './paper-size';
import { POSTER_ID } from './poster-preview';

// The poster is 8.5 by 11 (spec); on A4, which is narrower for its height, it takes the sheet's
// whole width and is centred from top to bottom.
const posterHeight = (width: string) => `calc(${width} * 11 / 8.5)`;

/**
 * Printing the page prints the poster alone, on one sheet of the chosen paper: everything that is
 * not the poster or one of its ancestors is removed, and the poster is pinned to the page.
 */
export function PosterPrintStyles({ paper }: { paper: PaperSize }) {
  const { page, width, height } = PAPER_SIZES[paper];
  const css = `
@media print {
  @page { size: ${page}; margin: 0; }
  html, body { background: #ffffff !important; height: ${height}; overflow: hidden; }
  body *:not(:has(#${POSTER_ID})):not(#${POSTER_ID}):not(#${POSTER_ID} *) { display: none !important; }
  #${POSTER_ID} {
    position: absolute !important; left: 0; top: calc((${height} - ${posterHeight(width)}) / 2);
    width: ${width} !important; height: ${posterHeight(width)} !important; max-width: none !important;
    -webkit-print-color-adjust: exact; print-color-adjust: exact;
  }
}`;
  return <style>{css}</style>;
}
