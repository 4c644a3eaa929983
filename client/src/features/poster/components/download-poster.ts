import { downloadCanvas, fileNamePart } from '@/lib/download';
import { POSTER_DESIGN_WIDTH } from './poster-preview';

// html2canvas measures each font's baseline on the live page, with an <img> beside some text in a
// hidden box appended to <body>. Tailwind's reset makes images blocks, which spoils that measure
// and draws every line too low; this rule puts the image back inline, for that box only.
const BASELINE_PROBE_FIX = 'body > div[style*="visibility: hidden"] > img { display: inline !important; }';

/**
 * Renders the poster preview to a PNG at twice its size on white (spec section 7). The copy it
 * draws is laid out at the poster's full design width, so the file is the same on a phone as on a
 * desktop. html2canvas is large, so it is fetched only when the owner asks for the file.
 */
export async function downloadPoster(poster: HTMLElement, petName: string) {
  const { default: html2canvas } = await import('html2canvas');
  const fix = document.createElement('style');
  fix.textContent = BASELINE_PROBE_FIX;
  document.head.append(fix);
  try {
    const canvas = await html2canvas(poster, {
      scale: 2,
      backgroundColor: '#ffffff',
      useCORS: true,
      logging: false,
      onclone: (_document, copy) => {
        copy.style.width = `${POSTER_DESIGN_WIDTH}px`;
      },
    });
    await downloadCanvas(canvas, `${fileNamePart(petName)}-missing-poster.png`);
  } finally {
    fix.remove();
  }
}
