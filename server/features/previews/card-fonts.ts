// The fonts a card is drawn with, shipped by the project's npm packages (SIL Open Font License),
// read by file: a card never depends on what fonts a machine has. Satori draws each glyph as a
// path, so the image carries no text for a renderer to substitute.
//
// Inter draws Latin, Cyrillic, Greek and Vietnamese: one family per subset, listed in order, so a
// name in Polish or Russian finds its letters in the next one. Chinese (the app speaks Simplified
// Chinese) comes from Noto Sans SC, split by its package into a hundred parts by code point: a card
// loads only the parts that hold its text's characters, once each, so a Chinese name costs a few
// hundred kilobytes of font the first time one of its characters is drawn, and a Latin one nothing.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'satori';
import { fontCoverage } from './font-coverage';

const require = createRequire(import.meta.url);

const INTER_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'] as const;
const WEIGHTS = [400, 700, 900] as const;
/** Noto Sans SC's bold draws the card's heavy lines too: its parts are loaded in two weights, not three. */
const CHINESE_WEIGHTS = [400, 700] as const;
/** Below this code point Inter has every letter a name may hold; from here on, CJK. */
export const FIRST_CJK = 0x2e80;

const interFile = (subset: string, weight: number) => `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`;
const chineseFile = (part: string, weight: number) =>
  `@fontsource/noto-sans-sc/files/noto-sans-sc-${part}-${weight}-normal.woff`;

const font = (name: string, weight: number, file: string): Font => ({
  name,
  weight: weight as Font['weight'],
  style: 'normal',
  data: fs.readFileSync(require.resolve(file)),
});

let inter: Font[] | undefined;
const interFonts = () =>
  (inter ??= INTER_SUBSETS.flatMap((subset) =>
    WEIGHTS.map((weight) => font(`Inter ${subset}`, weight, interFile(subset, weight))),
  ));

/** A font package's list of code points ('U+0000-00FF,U+0131'), as ranges. */
const rangesOf = (list: string) =>
  list.split(',').map((range) => {
    const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as [number, number];
  });
const within = (code: number, ranges: [number, number][]) => ranges.some(([from, to]) => code >= from && code <= to);

let interRanges: { subset: string; ranges: [number, number][] }[] | undefined;
const subsetsOfInter = () =>
  (interRanges ??= INTER_SUBSETS.map((subset) => ({
    subset,
    ranges: rangesOf((require('@fontsource/inter/unicode.json') as Record<string, string>)[subset]),
  })));

/** Noto Sans SC's numbered parts, each with the code point ranges it holds. */
let chineseParts: { part: string; ranges: [number, number][] }[] | undefined;
const partsOfChinese = () =>
  (chineseParts ??= Object.entries(require('@fontsource/noto-sans-sc/unicode.json') as Record<string, string>)
    .filter(([key]) => /^\[\d+\]$/.test(key))
    .map(([key, ranges]) => ({ part: key.slice(1, -1), ranges: rangesOf(ranges) })));
const chinesePartOf = (code: number) => partsOfChinese().find(({ ranges }) => within(code, ranges))?.part;

// Each font file's own characters (font-coverage.ts), read the first time a card asks.
const coverages = new Map<string, (code: number) => boolean>();
const fileDraws = (file: string, code: number) => {
  let draws = coverages.get(file);
  if (!draws) {
    draws = fontCoverage(fs.readFileSync(require.resolve(file)));
    coverages.set(file, draws);
  }
  return draws(code);
};

/**
 * Whether the shipped fonts draw `char`: the part its package lists it in has a glyph for it. One
 * they lack (Arabic, Hebrew, Hangul, Devanagari…) would be drawn as the font's empty box: a card
 * leaves it out, and the page's title and description, which are text, still say it.
 */
export const canDraw = (char: string) => {
  const code = char.codePointAt(0) as number;
  if (code < FIRST_CJK)
    return subsetsOfInter().some(
      ({ subset, ranges }) => within(code, ranges) && fileDraws(interFile(subset, 400), code),
    );
  const part = chinesePartOf(code);
  return part !== undefined && fileDraws(chineseFile(part, 400), code);
};

const loadedChinese = new Map<string, Font[]>();
const chinesePart = (part: string) => {
  let fonts = loadedChinese.get(part);
  if (!fonts) {
    fonts = CHINESE_WEIGHTS.map((weight) => font(`Noto Sans SC ${part}`, weight, chineseFile(part, weight)));
    loadedChinese.set(part, fonts);
  }
  return fonts;
};

/** The fonts to draw `text` with, and the font-family list naming them in order. */
export function fontsFor(text: string): { fonts: Font[]; family: string } {
  const parts = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const part = code < FIRST_CJK ? undefined : chinesePartOf(code);
    if (part) parts.add(part);
  }
  const chinese = [...parts].flatMap(chinesePart);
  const names = [...new Set([...interFonts(), ...chinese].map((f) => f.name))];
  return { fonts: [...interFonts(), ...chinese], family: names.map((name) => `'${name}'`).join(', ') };
}
