// Small real images for the pets tests. PNGs are encoded here; the JPEG and WebP files are 3x2
// images encoded by Chromium's canvas (metadata removed); photos with metadata are made by sharp.
import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import sharp from 'sharp';

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

/**
 * A phone photo: 1200x900 pixels stored on their side with EXIF orientation 6 (so it shows upright
 * as 900x1200), a camera make, and the GPS position where it was taken.
 */
export const phonePhotoWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a5a2b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'HomewardTestPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2640/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A valid 2x2 PNG whose header declares 20000x20000 pixels: 1.6 GB once decoded, a few bytes on the wire. */
export function decompressionBomb() {
  const bytes = Buffer.from(png(2, 2));
  bytes.writeUInt32BE(20_000, 16);
  bytes.writeUInt32BE(20_000, 20);
  // The IHDR chunk's checksum, over its type and data, so that the header is a valid one.
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** What an image really is: format, size, and whether any EXIF (GPS included) is left in it. */
export async function describeImage(bytes: Buffer) {
  const { format, width, height, exif, orientation } = await sharp(bytes).metadata();
  return { format, width, height, hasExif: exif !== undefined, orientation };
}
