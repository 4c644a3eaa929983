// Small real images for the pets tests. PNGs are encoded here; the JPEG and WebP files are 3x2
// images encoded by Chromium's canvas (metadata removed), since no encoder for them is installed.
import { PNG } from 'pngjs';

export const JPEG_3X2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAKSz/9k=',
  'base64',
);
export const WEBP_LOSSY_3X2 = Buffer.from(
  'UklGRjYAAABXRUJQVlA4ICoAAABwAQCdASoDAAIAAkA4JaACdAFAAAD+73bWBJWrN0/+YJ/7/f9/vJcAAAA=',
  'base64',
);
export const WEBP_LOSSLESS_3X2 = Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAkAAAAdQuz7Urf+BiOh/AAA=', 'base64');

/** A PNG of the given size, filled with one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [15, 118, 110]) {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([...rgb, 255], i);
  return PNG.sync.write(image);
}

/** The JPEG above with other dimensions written into its frame header (the pixels do not matter). */
export function jpegClaiming(width: number, height: number) {
  const bytes = Buffer.from(JPEG_3X2);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

export const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
