/**
 * qrcode.react draws its canvas at the screen's pixel ratio (2000 px wide for size 1000 on a
 * retina screen); a download must be exactly `size` pixels square whatever the screen.
 */
export function toExactSize(source: HTMLCanvasElement, size: number): HTMLCanvasElement {
  if (source.width === size && source.height === size) return source;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // Sharp module edges: smoothing would blur them into grey.
  context.imageSmoothingEnabled = false;
  context.drawImage(source, 0, 0, size, size);
  return canvas;
}
