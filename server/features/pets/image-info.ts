// Reads what an uploaded image really is from its bytes: the label in a data URL is only a claim.

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/** The type and pixel size of a JPEG, PNG or WebP image; undefined when the header is not one of them. */
export function inspectImage(bytes: Buffer): ImageInfo | undefined {
  return readPng(bytes) ?? readJpeg(bytes) ?? readWebp(bytes);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(b: Buffer): ImageInfo | undefined {
  // The first chunk is always IHDR: width and height as big-endian 32-bit integers.
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || ascii(b, 12, 4) !== 'IHDR') return undefined;
  return { type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic) do not.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function readJpeg(b: Buffer): ImageInfo | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined;
  let i = 2;
  // Walk the marker segments up to the frame header; image data never comes before it.
  while (i + 9 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data, no frame seen
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker))
      return { type: 'image/jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return undefined;
}

function readWebp(b: Buffer): ImageInfo | undefined {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') {
    // Extended format: canvas size minus one, 24-bit little-endian.
    return { type: 'image/webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8 ') {
    // Lossy: a key frame starts with the code 9D 01 2A, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { type: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 2F, then width and height minus one packed in 14 bits each.
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

const ascii = (b: Buffer, start: number, length: number) => b.toString('latin1', start, start + length);
