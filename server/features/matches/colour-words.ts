// How the matcher reads a colour: an owner's free text ('chocolate and white', 'ginger tabby') onto
// the fixed list a finder picks from. One small table, read word by word; what it does not know it
// leaves out (an unread colour neither helps nor hurts a match).

import { FOUND_COLORS } from '../../../shared/contracts/found-report-schema';

/** The finder's list, from the found report's contract: one home for it. */
export const MATCH_COLOURS = FOUND_COLORS;
export type MatchColour = (typeof MATCH_COLOURS)[number];

type Plain = Exclude<MatchColour, 'multi-colour'>;

/** A word and the colours it names. A pattern names 'multi-colour' and the colours it is made of. */
const WORDS: Record<string, readonly MatchColour[]> = {
  black: ['black'],
  ebony: ['black'],
  jet: ['black'],
  white: ['white'],
  snow: ['white'],
  brown: ['brown'],
  chocolate: ['brown'],
  liver: ['brown'],
  chestnut: ['brown'],
  mahogany: ['brown'],
  sable: ['brown'],
  bronze: ['brown'],
  tan: ['tan'],
  fawn: ['tan'],
  beige: ['tan'],
  sand: ['tan'],
  sandy: ['tan'],
  caramel: ['tan'],
  wheaten: ['tan'],
  taupe: ['tan'],
  golden: ['golden'],
  gold: ['golden'],
  blonde: ['golden'],
  blond: ['golden'],
  yellow: ['golden'],
  honey: ['golden'],
  apricot: ['golden'],
  grey: ['grey'],
  gray: ['grey'],
  silver: ['grey'],
  blue: ['grey'],
  slate: ['grey'],
  charcoal: ['grey'],
  smoke: ['grey'],
  smoky: ['grey'],
  ash: ['grey'],
  orange: ['orange'],
  ginger: ['orange'],
  red: ['orange'],
  rust: ['orange'],
  copper: ['orange'],
  marmalade: ['orange'],
  cream: ['cream'],
  ivory: ['cream'],
  champagne: ['cream'],
  biscuit: ['cream'],
  buff: ['cream'],
  // Patterns: more than one colour by definition.
  tabby: ['multi-colour'],
  tortoiseshell: ['multi-colour', 'black', 'orange'],
  tortie: ['multi-colour', 'black', 'orange'],
  calico: ['multi-colour', 'white', 'black', 'orange'],
  tuxedo: ['multi-colour', 'black', 'white'],
  brindle: ['multi-colour', 'brown'],
  merle: ['multi-colour', 'grey'],
  tricolour: ['multi-colour'],
  tricolor: ['multi-colour'],
  piebald: ['multi-colour', 'white'],
  spotted: ['multi-colour'],
  spots: ['multi-colour'],
  patches: ['multi-colour'],
  patched: ['multi-colour'],
  dapple: ['multi-colour'],
  harlequin: ['multi-colour', 'white', 'black'],
  multicolour: ['multi-colour'],
  multicolor: ['multi-colour'],
  mixed: ['multi-colour'],
};

/** Two words that are one colour: 'off white', 'salt and pepper'. Read before single words. */
const PHRASES: [RegExp, readonly MatchColour[]][] = [
  [/\boff[\s-]?white\b/g, ['cream']],
  [/\bsalt[\s-]+(?:and|&|n)[\s-]+pepper\b/g, ['grey', 'black', 'white', 'multi-colour']],
  [/\btri[\s-]?colou?r(?:ed)?\b/g, ['multi-colour']],
  [/\bmulti[\s-]?colou?r(?:ed)?\b/g, ['multi-colour']],
  [/\btwo[\s-]?(?:tone|colou?r)(?:ed)?\b/g, ['multi-colour']],
];

/**
 * The colours of the fixed list that `text` names. Two or more plain colours named ('brown and
 * white', 'black/tan', 'grey with white paws') make it 'multi-colour' as well.
 */
export function readColourWords(text: string | null | undefined): Set<MatchColour> {
  const found = new Set<MatchColour>();
  let rest = (text ?? '').toLowerCase();
  for (const [phrase, colours] of PHRASES) {
    if (phrase.test(rest)) for (const colour of colours) found.add(colour);
    rest = rest.replace(phrase, ' ');
  }
  for (const word of rest.split(/[^a-z]+/)) {
    // 'Browns' or 'greyish' read as the colour itself.
    const colours = WORDS[word] ?? WORDS[word.replace(/(?:ish|s)$/, '')];
    if (colours) for (const colour of colours) found.add(colour);
  }
  const plain = [...found].filter((c): c is Plain => c !== 'multi-colour');
  if (plain.length >= 2) found.add('multi-colour');
  return found;
}

/** Colours a person may well call by each other's name (a tan dog is 'golden' to someone else). */
const NEIGHBOURS: [Plain, Plain][] = [
  ['brown', 'tan'],
  ['tan', 'golden'],
  ['tan', 'cream'],
  ['golden', 'cream'],
  ['golden', 'orange'],
  ['brown', 'orange'],
  ['cream', 'white'],
  ['grey', 'white'],
  ['grey', 'black'],
  ['brown', 'black'],
];

export const areNeighbours = (a: MatchColour, b: MatchColour) =>
  NEIGHBOURS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
