import { describe, expect, it } from 'vitest';
import { inspectImage } from './image-info';
import { JPEG_3X2, jpegClaiming, png, WEBP_LOSSLESS_3X2, WEBP_LOSSY_3X2 } from './test-images';

/** Wraps a WebP's first chunk in the extended (VP8X) container that Chromium writes. */
function extendedWebp(simple: Buffer, width: number, height: number) {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, simple.subarray(12)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

describe('inspecting an image', () => {
  it.each([
    ['a PNG', png(7, 5), { type: 'image/png', width: 7, height: 5 }],
    ['a JPEG', JPEG_3X2, { type: 'image/jpeg', width: 3, height: 2 }],
    ['a large JPEG frame', jpegClaiming(4000, 3000), { type: 'image/jpeg', width: 4000, height: 3000 }],
    ['a lossy WebP', WEBP_LOSSY_3X2, { type: 'image/webp', width: 3, height: 2 }],
    ['a lossless WebP', WEBP_LOSSLESS_3X2, { type: 'image/webp', width: 3, height: 2 }],
    ['an extended WebP', extendedWebp(WEBP_LOSSY_3X2, 640, 480), { type: 'image/webp', width: 640, height: 480 }],
  ])('when given %s, then its type and size are read from the header', (_what, bytes, expected) => {
    expect(inspectImage(bytes)).toEqual(expected);
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')],
    ['a PNG cut after its signature', png(2, 2).subarray(0, 12)],
    ['a JPEG cut before its frame header', JPEG_3X2.subarray(0, 150)],
    ['a JPEG whose segments are garbage', Buffer.concat([JPEG_3X2.subarray(0, 4), Buffer.alloc(40, 0x11)])],
    ['a RIFF file that is not WebP', Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(30)])],
  ])('when given %s, then it is not recognised', (_what, bytes) => {
    expect(inspectImage(bytes)).toBeUndefined();
  });
});
