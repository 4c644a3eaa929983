import { POSTER_ID } from './poster-preview';

// Printing the page prints the poster alone, filling one US Letter sheet: everything that is not
// the poster or one of its ancestors is removed, and the poster is pinned to the page's corner.
const css = `
@media print {
  @page { size: letter; margin: 0; }
  html, body { background: #ffffff !important; }
  body *:not(:has(#${POSTER_ID})):not(#${POSTER_ID}):not(#${POSTER_ID} *) { display: none !important; }
  #${POSTER_ID} {
    position: absolute !important; top: 0; left: 0;
    width: 8.5in !important; height: 11in !important; max-width: none !important;
    -webkit-print-color-adjust: exact; print-color-adjust: exact;
  }
}`;

export function PosterPrintStyles() {
  return <style>{css}</style>;
}
