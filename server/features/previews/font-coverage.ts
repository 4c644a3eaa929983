import zlib from 'node:zlib';

// Which characters a font really draws, read from the font file itself: its `cmap`, the table from
// characters to glyphs. A font package's list of code point ranges is its subsets' plan, not the
// font: Noto Sans SC's parts list Hangul syllables they hold no glyph for, which a card then drew
// as the font's empty box.

/** A table of a WOFF 1.0 file (the format the card's fonts ship in), inflated when stored compressed. */
function woffTable(woff: Buffer, tag: string): Buffer | undefined {
  const tables = woff.readUInt16BE(12);
  for (let i = 0; i < tables; i++) {
    const entry = 44 + i * 20;
    if (woff.toString('latin1', entry, entry + 4) !== tag) continue;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.readUInt32BE(entry + 8);
    const data = woff.subarray(offset, offset + stored);
    return stored < woff.readUInt32BE(entry + 12) ? zlib.inflateSync(data) : data;
  }
  return undefined;
}

/**
 * Whether `code` maps to a glyph other than .notdef, from a format 4 subtable (the Basic
 * Multilingual Plane, which holds every character a card draws): segments of codes, each mapped
 * by a delta or through the glyph id array.
 */
function format4(table: Buffer, at: number): (code: number) => boolean {
  const segments = table.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (code) => {
    for (let i = 0; i < segments; i++) {
      if (code > table.readUInt16BE(ends + i * 2)) continue;
      const start = table.readUInt16BE(starts + i * 2);
      if (code < start) return false;
      const delta = table.readUInt16BE(deltas + i * 2);
      const rangeOffset = table.readUInt16BE(rangeOffsets + i * 2);
      if (rangeOffset === 0) return ((code + delta) & 0xffff) !== 0;
      const glyph = table.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (code - start) * 2);
      return glyph !== 0;
    }
    return false;
  };
}

/** The characters a WOFF font draws; none when it has no Unicode format 4 subtable. */
export function fontCoverage(woff: Buffer): (code: number) => boolean {
  const cmap = woffTable(woff, 'cmap');
  if (!cmap) return () => false;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const record = 4 + i * 8;
    const platform = cmap.readUInt16BE(record);
    const subtable = cmap.readUInt32BE(record + 4);
    // Unicode, or Windows' Unicode BMP: the subtables a font draws text with.
    if (
      (platform === 0 || (platform === 3 && cmap.readUInt16BE(record + 2) === 1)) &&
      cmap.readUInt16BE(subtable) === 4
    )
      return format4(cmap, subtable);
  }
  return () => false;
}
