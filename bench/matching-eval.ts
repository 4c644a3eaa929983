// The matching evaluation: how many true matches reach their owner, and how many false alerts
// owners get, in a generated city; and how long one match query takes at 1,000,000 pets on
// PostgreSQL. `npm run matching:eval` (the PostgreSQL part needs DATABASE_URL; `-- --no-postgres`
// skips it). The seed is fixed, so figures compare across runs. `-- --tune` searches the scorer's
// weights on another city (never the one reported), `-- --tune --selection` prints the threshold
// × margin front there (`--all` every row); `-- --grid` prints the trade at 1, 2, 3 and 5
// alerts per found report; `-- --explain` prints the true matches that did not reach their owner.
//
// The city is described as people describe pets, not as the matcher reads them: owners write a
// coat in their own words from a vocabulary of this file (wider than the matcher's table, which
// this file never imports), finders tick what they see on the fixed list, often one colour of two
// or a neighbouring one, and photograph the pet on grass, a floor or a pavement; most owners give
// the pet's sex, finders less often, and now and then the wrong one. Most owners write a breed in
// their own words ('Lab', 'Alsatian', 'lab mix', 'DSH', or 'mutt'); a few finders guess one in
// 'collar or marks', often a lookalike's, among what else they write there ('red collar').

import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../server/db/connection';
import { runMigrations } from '../server/db/migrate';
import {
  bestCandidates,
  evidenceOf,
  type FoundPetFacts,
  kmBetween,
  MATCH_MARGIN,
  MATCH_RADIUS_KM,
  MATCH_THRESHOLD,
  MAX_CANDIDATES,
  type MissingPetFacts,
  SCORING,
  type Sex,
  type Size,
  scoreMatch,
} from '../server/features/matches/match-score';
import { findMissingPetsNear } from '../server/features/matches/matches.repository';
import { type PhotoReading, readPhoto } from '../server/features/matches/photo-colours';

type Colour = 'black' | 'white' | 'brown' | 'tan' | 'golden' | 'grey' | 'orange' | 'cream';
type Species = 'dog' | 'cat' | 'rabbit';

// ---------------------------------------------------------------- a seeded random source

/** The city the figures are reported on; the scorer was tuned on another (TUNING_CITY, `--tune`). */
const REPORTED_CITY = 20_261_125;
const TUNING_CITY = 7_777;
/** The next state of a seeded stream and the number in [0, 1) it gives (mulberry32). */
function mulberry32(previous: number): [number, number] {
  const next = (previous + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [next, ((t ^ (t >>> 14)) >>> 0) / 4294967296];
}
let state = REPORTED_CITY;
/** A number in [0, 1) from a fixed seed. */
function random() {
  const [next, value] = mulberry32(state);
  state = next;
  return value;
}
// The sexes are drawn from a stream of their own, so that the rest of a city (its pets, points,
// photos and strays) is the one it was before pets had a sex, and the figures compare with those.
let sexState = ~REPORTED_CITY;
function sexRandom() {
  const [next, value] = mulberry32(sexState);
  sexState = next;
  return value;
}
// Breeds and what finders write come from a stream of their own too: the rest of the city stays
// the one it was before pets had a breed.
let breedState = REPORTED_CITY ^ 0x5bd1e995;
function breedRandom() {
  const [next, value] = mulberry32(breedState);
  breedState = next;
  return value;
}
/** Picks the seed of a city, for every stream. */
function cityOf(seed: number) {
  state = seed;
  sexState = ~seed;
  breedState = seed ^ 0x5bd1e995;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const chance = (p: number) => random() < p;
const between = (a: number, b: number) => a + random() * (b - a);
/** Weighted choice: [value, weight] pairs. */
function weighted<T>(pairs: readonly [T, number][]): T {
  let r = random() * pairs.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of pairs) {
    r -= w;
    if (r < 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

// ---------------------------------------------------------------- the city

/** A metropolitan area of 50 × 50 km (Portland's or Lyon's size), 2,000 pets missing at once in it. */
const CITY = { lat: 45.52, lng: -122.68, halfKm: 25 };
const MISSING = 2000;
const FOUND = 500;
const FOUND_OF_MISSING = 250;
const TODAY = '2026-11-25';
const KM_PER_DEG_LAT = 111.2;

const pointNear = (lat: number, lng: number, km: number) => {
  const angle = random() * 2 * Math.PI;
  return {
    lat: lat + (Math.sin(angle) * km) / KM_PER_DEG_LAT,
    lng: lng + (Math.cos(angle) * km) / (KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180)),
  };
};
const pointInCity = () => ({
  lat: CITY.lat + between(-CITY.halfKm, CITY.halfKm) / KM_PER_DEG_LAT,
  lng: CITY.lng + between(-CITY.halfKm, CITY.halfKm) / (KM_PER_DEG_LAT * Math.cos((CITY.lat * Math.PI) / 180)),
});
const dayPlus = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

// Coats as they are, with how common each is: the colours in order of how much of the pet they cover.
const COATS: Record<Species, [coat: Colour[], weight: number, pattern?: string][]> = {
  dog: [
    [['black'], 14],
    [['black', 'white'], 10],
    [['brown'], 9],
    [['brown', 'white'], 8],
    [['golden'], 9],
    [['tan'], 7],
    [['black', 'tan'], 8],
    [['white'], 6],
    [['grey'], 3],
    [['cream'], 5],
    [['brown', 'black'], 4, 'brindle'],
    [['grey', 'black', 'white'], 2, 'merle'],
    [['orange'], 3],
    [['black', 'tan', 'white'], 6, 'tricolour'],
    [['tan', 'white'], 6],
  ],
  cat: [
    [['black'], 15],
    [['white'], 6],
    [['black', 'white'], 14],
    [['orange'], 10],
    [['orange', 'white'], 6],
    [['grey'], 10],
    [['grey', 'white'], 7],
    [['brown', 'black'], 12, 'tabby'],
    [['grey', 'black'], 6, 'tabby'],
    [['black', 'orange'], 6, 'tortoiseshell'],
    [['white', 'black', 'orange'], 5, 'calico'],
    [['cream'], 3],
  ],
  rabbit: [
    [['white'], 8],
    [['brown'], 8],
    [['grey'], 6],
    [['black', 'white'], 5],
    [['tan'], 4],
  ],
};

// How owners name colours: many words, some of which no table will know.
const OWNER_WORDS: Record<Colour, [string, number][]> = {
  black: [
    ['black', 10],
    ['jet black', 2],
    ['coal', 1],
    ['midnight', 1],
    ['ebony', 1],
    ['dark', 1],
  ],
  white: [
    ['white', 10],
    ['snow white', 2],
    ['pearl', 1],
    ['snowy', 1],
  ],
  brown: [
    ['brown', 8],
    ['chocolate', 4],
    ['liver', 2],
    ['dark brown', 2],
    ['mocha', 1],
    ['coffee', 1],
    ['chestnut', 1],
    ['sable', 1],
  ],
  tan: [
    ['tan', 6],
    ['fawn', 3],
    ['beige', 2],
    ['light brown', 3],
    ['sandy', 2],
    ['caramel', 2],
    ['wheat', 1],
    ['biscuit', 1],
  ],
  golden: [
    ['golden', 6],
    ['gold', 2],
    ['yellow', 3],
    ['blonde', 2],
    ['honey', 1],
    ['butterscotch', 1],
    ['straw', 1],
  ],
  grey: [
    ['grey', 6],
    ['gray', 5],
    ['silver', 2],
    ['blue', 2],
    ['slate', 1],
    ['pewter', 1],
    ['steel', 1],
    ['smoky', 1],
  ],
  orange: [
    ['ginger', 6],
    ['orange', 4],
    ['red', 3],
    ['marmalade', 1],
    ['rusty', 1],
    ['copper', 1],
    ['auburn', 1],
  ],
  cream: [
    ['cream', 6],
    ['off-white', 2],
    ['ivory', 1],
    ['champagne', 1],
    ['vanilla', 1],
  ],
};

/** The owner's colour field, in their words: a pattern's name, the colours joined, or only the main one. */
function ownerWords(coat: Colour[], pattern?: string): string | null {
  if (chance(0.05)) return null; // left empty
  const word = (c: Colour) => weighted(OWNER_WORDS[c]);
  if (pattern && chance(0.6)) return chance(0.5) ? pattern : `${word(coat[0])} ${pattern}`;
  if (coat.length === 1) return chance(0.15) ? `all ${word(coat[0])}` : word(coat[0]);
  if (chance(0.15)) return word(coat[0]); // only the main colour
  const named = coat.map(word);
  const style = pick(['and', '&', '/', 'with', 'patches', 'comma']);
  if (style === 'with') return `${named[0]} with ${named.slice(1).join(' and ')} markings`;
  if (style === 'patches') return `${named[0]}, ${named.slice(1).join(' and ')} patches`;
  if (style === 'comma') return named.join(', ');
  return named.join(style === '/' ? '/' : ` ${style} `);
}

// How a finder, in a hurry and in the street's light, ticks a colour on the fixed list.
const SEEN_AS: Record<Colour, [Colour, number][]> = {
  black: [
    ['black', 90],
    ['brown', 5],
    ['grey', 5],
  ],
  white: [
    ['white', 88],
    ['cream', 10],
    ['grey', 2],
  ],
  brown: [
    ['brown', 75],
    ['tan', 12],
    ['black', 8],
    ['orange', 5],
  ],
  tan: [
    ['tan', 60],
    ['brown', 20],
    ['golden', 15],
    ['cream', 5],
  ],
  golden: [
    ['golden', 65],
    ['tan', 15],
    ['orange', 10],
    ['cream', 10],
  ],
  grey: [
    ['grey', 85],
    ['black', 8],
    ['white', 7],
  ],
  orange: [
    ['orange', 75],
    ['golden', 15],
    ['brown', 10],
  ],
  cream: [
    ['cream', 55],
    ['white', 30],
    ['tan', 10],
    ['golden', 5],
  ],
};

function finderColours(coat: Colour[], pattern?: string): FoundPetFacts['colours'] {
  const picked = new Set<FoundPetFacts['colours'][number]>();
  if (coat.length > 1 && chance(0.35)) picked.add('multi-colour');
  // Often only the colour that covers most of the pet; sometimes every one.
  const shown = coat.length > 1 && chance(0.45) ? [coat[0]] : coat;
  for (const c of shown) if (!(pattern && picked.has('multi-colour') && chance(0.5))) picked.add(weighted(SEEN_AS[c]));
  if (picked.size === 0) picked.add(weighted(SEEN_AS[coat[0]]));
  return [...picked];
}

// Body weight (kg) as drawn, the owner's weight field, and the finder's size guess.
const WEIGHT_KG: Record<Species, [number, number]> = { dog: [3, 45], cat: [2.5, 7.5], rabbit: [1, 4] };
const TRUE_SIZE_BOUNDS: Record<Species, [number, number]> = { dog: [11, 23], cat: [3.8, 5.8], rabbit: [1.8, 3] };
const sizeOfKg = (species: Species, kg: number): Size => {
  const [small, large] = TRUE_SIZE_BOUNDS[species];
  return kg < small ? 'small' : kg < large ? 'medium' : 'large';
};
function ownerWeight(kg: number): string | null {
  if (chance(0.4)) return null;
  if (chance(0.1)) return kg < 8 ? 'small' : kg > 25 ? 'big' : 'medium';
  return chance(0.6) ? `${Math.round(kg / 0.4536)} lbs` : `${Math.round(kg)} kg`;
}
function finderSize(size: Size): Size {
  const order: Size[] = ['small', 'medium', 'large'];
  if (!chance(0.2)) return size;
  const i = order.indexOf(size) + (chance(0.5) ? 1 : -1);
  return order[Math.min(2, Math.max(0, i))];
}

// Sex: half of each. Most owners fill the form's optional field; a finder says it less often, of
// a dog (walked on a leash, seen from below) more than of a cat or a rabbit, and is sometimes wrong.
const OWNER_GIVES_SEX = 0.85;
const FINDER_GIVES_SEX: Record<Species, number> = { dog: 0.55, cat: 0.3, rabbit: 0.15 };
const FINDER_WRONG_SEX = 0.05;
const drawSex = (): Sex => (sexRandom() < 0.5 ? 'male' : 'female');
const ownerSex = (sex: Sex): Sex | null => (sexRandom() < OWNER_GIVES_SEX ? sex : null);
function finderSex(species: Species, sex: Sex): Sex | null {
  if (sexRandom() >= FINDER_GIVES_SEX[species]) return null;
  if (sexRandom() >= FINDER_WRONG_SEX) return sex;
  return sex === 'male' ? 'female' : 'male';
}

// ---------------------------------------------------------------- breeds, and what finders write

const breedChance = (p: number) => breedRandom() < p;
const breedPick = <T>(xs: readonly T[]): T => xs[Math.floor(breedRandom() * xs.length)];
function breedWeighted<T>(pairs: readonly [T, number][]): T {
  let r = breedRandom() * pairs.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of pairs) {
    r -= w;
    if (r < 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

/**
 * A breed as it is: how common it is among pets (lost pets are more often mixes than the kennel
 * clubs' lists say), the coats it comes in (a coat key: its colours joined by '+'), its weight in
 * kg, how owners write it, and what a finder may take it for (a lookalike, or a type's name).
 */
interface Breed {
  /** For the reader of the table. */
  name: string;
  /** How common it is, against the other breeds of its species. */
  common: number;
  coats: string[] | 'any';
  kg?: [number, number];
  owners: [string, number][];
  /** What a finder calls it, when not as owners do ('short haired' for a domestic shorthair). */
  finders?: string[];
  lookalikes: string[];
  types: string[];
}
const DOG_BREEDS: Breed[] = [
  {
    name: 'labrador',
    common: 10,
    coats: ['black', 'brown', 'golden', 'cream'],
    kg: [25, 40],
    owners: [
      ['Labrador Retriever', 4],
      ['Labrador', 4],
      ['Lab', 4],
      ['black lab', 1],
      ['yellow lab', 1],
      ['chocolate lab', 1],
      ['retriever', 1],
    ],
    lookalikes: ['golden retriever', 'pit bull', 'labradoodle'],
    types: ['retriever type', 'lab type'],
  },
  {
    name: 'golden retriever',
    common: 6,
    coats: ['golden', 'cream', 'orange'],
    kg: [25, 38],
    owners: [
      ['Golden Retriever', 6],
      ['Golden', 3],
      ['goldie', 1],
    ],
    lookalikes: ['lab', 'goldendoodle', 'spaniel'],
    types: ['retriever'],
  },
  {
    name: 'german shepherd',
    common: 7,
    coats: ['black+tan', 'black', 'tan'],
    kg: [25, 45],
    owners: [
      ['German Shepherd', 6],
      ['GSD', 2],
      ['Alsatian', 2],
      ['German Shepherd Dog', 1],
      ['shepherd', 1],
    ],
    lookalikes: ['malinois', 'rottweiler', 'husky'],
    types: ['shepherd type', 'police dog type'],
  },
  {
    name: 'malinois',
    common: 1,
    coats: ['tan', 'brown+black'],
    kg: [22, 35],
    owners: [
      ['Belgian Malinois', 3],
      ['Malinois', 2],
    ],
    lookalikes: ['german shepherd'],
    types: ['shepherd type'],
  },
  {
    name: 'husky',
    common: 3,
    coats: ['black+white', 'grey', 'white', 'brown+white'],
    kg: [18, 30],
    owners: [
      ['Siberian Husky', 4],
      ['Husky', 5],
    ],
    lookalikes: ['malamute', 'wolf dog', 'german shepherd'],
    types: ['sled dog'],
  },
  {
    name: 'collie',
    common: 3,
    coats: ['black+white', 'black+tan+white', 'brown+white', 'grey+black+white'],
    kg: [13, 22],
    owners: [
      ['Border Collie', 6],
      ['collie', 2],
    ],
    lookalikes: ['australian shepherd', 'springer spaniel'],
    types: ['sheepdog', 'farm dog'],
  },
  {
    name: 'australian shepherd',
    common: 2,
    coats: ['grey+black+white', 'black+tan+white', 'black+white', 'brown+white'],
    kg: [16, 32],
    owners: [
      ['Australian Shepherd', 4],
      ['Aussie', 3],
    ],
    lookalikes: ['border collie', 'shepherd'],
    types: ['sheepdog', 'herding dog'],
  },
  {
    name: 'staffie',
    common: 3,
    coats: ['brown+black', 'black', 'black+white', 'brown', 'white'],
    kg: [11, 19],
    owners: [
      ['Staffordshire Bull Terrier', 3],
      ['Staffie', 3],
      ['staffy', 2],
      ['SBT', 1],
    ],
    lookalikes: ['pit bull', 'boxer', 'bull terrier'],
    types: ['bully breed', 'some kind of terrier'],
  },
  {
    name: 'pit bull',
    common: 6,
    coats: ['grey', 'brown', 'tan', 'tan+white', 'black+white', 'white', 'brown+black', 'black', 'brown+white'],
    kg: [14, 36],
    owners: [
      ['Pit Bull', 4],
      ['pitbull', 3],
      ['American Pit Bull Terrier', 1],
      ['pittie', 1],
      ['American Staffordshire Terrier', 1],
    ],
    lookalikes: ['staffie', 'boxer', 'lab', 'american bulldog'],
    types: ['bully breed', 'some kind of terrier'],
  },
  {
    name: 'boxer',
    common: 2,
    coats: ['tan', 'brown+black', 'tan+white', 'white'],
    kg: [25, 36],
    owners: [['Boxer', 6]],
    lookalikes: ['pit bull', 'bullmastiff', 'staffie'],
    types: ['bully breed'],
  },
  {
    name: 'french bulldog',
    common: 4,
    coats: ['cream', 'tan', 'brown+black', 'black', 'black+white', 'grey'],
    kg: [8, 14],
    owners: [
      ['French Bulldog', 4],
      ['Frenchie', 3],
    ],
    lookalikes: ['pug', 'boston terrier', 'bulldog'],
    types: ['bulldog type'],
  },
  {
    name: 'bulldog',
    common: 1.5,
    coats: ['tan+white', 'brown+black', 'white', 'brown+white'],
    kg: [18, 25],
    owners: [
      ['English Bulldog', 3],
      ['Bulldog', 3],
      ['British bulldog', 1],
    ],
    lookalikes: ['french bulldog', 'boxer', 'pit bull'],
    types: ['bulldog type'],
  },
  {
    name: 'beagle',
    common: 3,
    coats: ['black+tan+white', 'tan+white', 'brown+white'],
    kg: [8, 14],
    owners: [['Beagle', 6]],
    lookalikes: ['foxhound', 'jack russell', 'basset'],
    types: ['hound', 'some kind of hound'],
  },
  {
    name: 'dachshund',
    common: 3,
    coats: ['brown', 'black+tan', 'orange', 'tan', 'brown+black', 'grey+black+white'],
    kg: [3, 15],
    owners: [
      ['Dachshund', 4],
      ['Miniature Dachshund', 2],
      ['sausage dog', 1],
      ['doxie', 1],
    ],
    lookalikes: ['min pin', 'corgi'],
    types: ['sausage dog', 'hound'],
  },
  {
    name: 'jack russell',
    common: 3,
    coats: ['tan+white', 'white', 'black+tan+white', 'brown+white'],
    kg: [5, 8],
    owners: [
      ['Jack Russell Terrier', 3],
      ['Jack Russell', 4],
      ['JRT', 1],
      ['Parson Russell', 1],
    ],
    lookalikes: ['rat terrier', 'fox terrier', 'beagle', 'chihuahua'],
    types: ['some kind of terrier', 'terrier type', 'terrier'],
  },
  {
    name: 'yorkie',
    common: 3,
    coats: ['black+tan', 'tan', 'grey'],
    kg: [3, 4],
    owners: [
      ['Yorkshire Terrier', 4],
      ['Yorkie', 4],
    ],
    lookalikes: ['silky terrier', 'shih tzu', 'maltese'],
    types: ['some kind of terrier', 'little terrier'],
  },
  {
    name: 'chihuahua',
    common: 5,
    coats: ['tan', 'cream', 'black', 'black+tan', 'white', 'brown', 'black+white', 'tan+white', 'golden'],
    kg: [3, 4],
    owners: [
      ['Chihuahua', 6],
      ['chi', 1],
      ['long-haired chihuahua', 1],
    ],
    lookalikes: ['min pin', 'jack russell', 'papillon'],
    types: ['toy dog', 'little dog'],
  },
  {
    name: 'shih tzu',
    common: 3,
    coats: ['black+white', 'brown+white', 'golden', 'white', 'tan+white', 'grey'],
    kg: [4, 8],
    owners: [
      ['Shih Tzu', 5],
      ['shitzu', 1],
      ['Lhasa Apso', 1],
    ],
    lookalikes: ['maltese', 'lhasa apso', 'yorkie', 'havanese'],
    types: ['fluffy little dog', 'toy dog'],
  },
  {
    name: 'poodle',
    common: 2.5,
    coats: ['black', 'white', 'cream', 'brown', 'grey', 'tan', 'orange'],
    kg: [3, 32],
    owners: [
      ['Poodle', 4],
      ['Toy Poodle', 1],
      ['Miniature Poodle', 1],
      ['Standard Poodle', 1],
    ],
    lookalikes: ['doodle', 'bichon', 'labradoodle'],
    types: ['curly coat'],
  },
  {
    name: 'doodle',
    common: 4,
    coats: ['cream', 'golden', 'tan', 'black', 'brown', 'white', 'orange'],
    kg: [7, 35],
    owners: [
      ['Labradoodle', 3],
      ['Goldendoodle', 3],
      ['Cockapoo', 2],
      ['doodle', 1],
      ['Cavapoo', 1],
    ],
    lookalikes: ['poodle', 'poodle mix', 'golden retriever'],
    types: ['curly coat', 'shaggy'],
  },
  {
    name: 'cocker or springer',
    common: 3.5,
    coats: ['golden', 'black', 'brown', 'brown+white', 'black+white', 'orange'],
    kg: [12, 25],
    owners: [
      ['Cocker Spaniel', 4],
      ['Springer Spaniel', 3],
      ['English Springer', 1],
      ['spaniel', 1],
    ],
    lookalikes: ['spaniel', 'cavalier', 'setter', 'golden retriever'],
    types: ['spaniel'],
  },
  {
    name: 'cavalier',
    common: 1.5,
    coats: ['black+tan+white', 'orange', 'brown+white', 'tan+white'],
    kg: [5, 9],
    owners: [
      ['Cavalier King Charles Spaniel', 3],
      ['Cavalier', 3],
      ['King Charles', 1],
    ],
    lookalikes: ['cocker spaniel', 'papillon'],
    types: ['spaniel'],
  },
  {
    name: 'rottweiler',
    common: 2.5,
    coats: ['black+tan'],
    kg: [35, 45],
    owners: [
      ['Rottweiler', 5],
      ['Rottie', 2],
    ],
    lookalikes: ['doberman', 'german shepherd'],
    types: ['guard dog'],
  },
  {
    name: 'doberman',
    common: 1.5,
    coats: ['black+tan', 'brown'],
    kg: [27, 45],
    owners: [
      ['Doberman', 5],
      ['Dobermann', 1],
      ['Doberman Pinscher', 1],
    ],
    lookalikes: ['rottweiler', 'min pin'],
    types: ['guard dog'],
  },
  {
    name: 'greyhound',
    common: 1.5,
    coats: ['black', 'grey', 'brown+black', 'tan', 'white', 'black+white'],
    kg: [25, 40],
    owners: [
      ['Greyhound', 4],
      ['Lurcher', 2],
      ['ex-racing greyhound', 1],
    ],
    lookalikes: ['whippet', 'lurcher'],
    types: ['skinny racing type'],
  },
  {
    name: 'corgi',
    common: 1,
    coats: ['tan+white', 'orange', 'black+tan+white'],
    kg: [10, 14],
    owners: [
      ['Corgi', 4],
      ['Pembroke Welsh Corgi', 2],
    ],
    lookalikes: ['shiba', 'dachshund'],
    types: ['short legs'],
  },
  {
    name: 'pomeranian',
    common: 1.5,
    coats: ['orange', 'cream', 'white', 'black', 'golden', 'tan'],
    kg: [3, 4],
    owners: [
      ['Pomeranian', 5],
      ['Pom', 1],
    ],
    lookalikes: ['spitz', 'chihuahua', 'papillon'],
    types: ['fluffy little dog'],
  },
  {
    name: 'maltese',
    common: 1,
    coats: ['white'],
    kg: [3, 4],
    owners: [['Maltese', 5]],
    lookalikes: ['bichon', 'shih tzu', 'westie'],
    types: ['fluffy little dog'],
  },
  {
    name: 'schnauzer',
    common: 1,
    coats: ['grey', 'black'],
    kg: [5, 9],
    owners: [
      ['Miniature Schnauzer', 4],
      ['Schnauzer', 2],
    ],
    lookalikes: ['scottie', 'westie', 'some kind of terrier'],
    types: ['some kind of terrier', 'bearded little dog'],
  },
];
const CAT_BREEDS: Breed[] = [
  {
    name: 'domestic shorthair',
    common: 75,
    coats: 'any',
    owners: [
      ['DSH', 3],
      ['Domestic Shorthair', 4],
      ['domestic short hair', 2],
      ['moggy', 1],
      ['tabby', 2],
      ['mixed', 2],
      ['unknown', 1],
    ],
    finders: ['short haired', 'ordinary moggy', 'domestic shorthair'],
    lookalikes: [],
    types: ['short haired'],
  },
  {
    name: 'domestic longhair',
    common: 12,
    coats: 'any',
    owners: [
      ['DLH', 2],
      ['Domestic Longhair', 4],
      ['long haired', 2],
      ['fluffy moggy', 1],
    ],
    finders: ['long haired', 'fluffy', 'long-haired moggy'],
    lookalikes: ['maine coon', 'persian', 'norwegian forest cat'],
    types: ['long haired', 'fluffy'],
  },
  {
    name: 'siamese',
    common: 2,
    coats: ['cream', 'white'],
    owners: [['Siamese', 5]],
    lookalikes: ['ragdoll', 'birman', 'balinese'],
    types: ['blue eyes'],
  },
  {
    name: 'maine coon',
    common: 3,
    coats: ['brown+black', 'grey+black', 'black', 'orange', 'black+white'],
    kg: [5, 7.5],
    owners: [
      ['Maine Coon', 5],
      ['Maine Coon mix', 1],
    ],
    lookalikes: ['norwegian forest cat', 'long haired', 'persian'],
    types: ['big fluffy cat', 'long haired'],
  },
  {
    name: 'persian',
    common: 2,
    coats: ['white', 'grey', 'cream', 'black', 'orange'],
    owners: [['Persian', 5]],
    lookalikes: ['himalayan', 'exotic', 'long haired'],
    types: ['flat face', 'long haired'],
  },
  {
    name: 'ragdoll',
    common: 2,
    coats: ['cream', 'white', 'grey+white'],
    owners: [['Ragdoll', 5]],
    lookalikes: ['siamese', 'birman', 'long haired'],
    types: ['fluffy', 'blue eyes'],
  },
  {
    name: 'british shorthair',
    common: 2,
    coats: ['grey'],
    owners: [
      ['British Shorthair', 4],
      ['British Blue', 2],
    ],
    lookalikes: ['russian blue', 'chartreux'],
    types: ['chunky grey cat'],
  },
  {
    name: 'bengal',
    common: 1.5,
    coats: ['brown+black'],
    owners: [['Bengal', 5]],
    lookalikes: ['tabby', 'ocicat', 'leopard-like'],
    types: ['spotted'],
  },
];
const RABBIT_BREEDS: Breed[] = [
  {
    name: 'lop',
    common: 30,
    coats: 'any',
    owners: [
      ['Holland Lop', 3],
      ['Mini Lop', 3],
      ['lop', 2],
      ['French Lop', 1],
    ],
    lookalikes: ['lop', 'floppy ears'],
    types: ['floppy ears'],
  },
  {
    name: 'netherland dwarf',
    common: 10,
    coats: 'any',
    kg: [1, 1.6],
    owners: [
      ['Netherland Dwarf', 4],
      ['dwarf', 2],
    ],
    lookalikes: ['lionhead', 'baby bunny'],
    types: ['tiny'],
  },
  {
    name: 'lionhead',
    common: 10,
    coats: 'any',
    owners: [['Lionhead', 4]],
    lookalikes: ['dwarf', 'angora'],
    types: ['fluffy mane'],
  },
  { name: 'rex', common: 8, coats: 'any', owners: [['Rex', 4]], lookalikes: ['velvety fur'], types: ['velvety fur'] },
];
const BREEDS: Record<Species, Breed[]> = { dog: DOG_BREEDS, cat: CAT_BREEDS, rabbit: RABBIT_BREEDS };
/** The share of mixes: about half of dogs (more among lost ones than on the kennel clubs' lists). */
const MIXED: Record<Species, number> = { dog: 0.45, cat: 0, rabbit: 0.4 };
const MIX: Breed = { name: 'mixed', common: 0, coats: 'any', owners: [], lookalikes: [], types: [] };

/** A pet's breed as it is, and for a mix the breed it most looks like (null for one that looks like none). */
interface Ancestry {
  breed: Breed;
  looksLike: Breed | null;
}

/** The breeds a pet of this coat and weight may be (no Chihuahua of 40 kg). */
const breedsFitting = (species: Species, coat: Colour[], kg: number) =>
  BREEDS[species].filter(
    (b) =>
      (b.coats === 'any' || b.coats.includes(coat.join('+'))) &&
      (!b.kg || (kg >= b.kg[0] * 0.85 && kg <= b.kg[1] * 1.15)),
  );

/** One of the breeds a pet of this coat and weight may be, by how common each is. */
const breedFitting = (fitting: Breed[]) => breedWeighted(fitting.map((b) => [b, b.common] as [Breed, number]));

/** A breed of this coat and weight, or a mix: about as many mixes as there are. */
function drawAncestry(species: Species, coat: Colour[], kg: number): Ancestry {
  const fitting = breedsFitting(species, coat, kg);
  const mixed = fitting.length === 0 || breedChance(MIXED[species]);
  if (!mixed) return { breed: breedFitting(fitting), looksLike: null };
  // Half the mixes look like one breed of their coat and build (a 'lab mix'); half like none.
  return { breed: MIX, looksLike: fitting.length > 0 && breedChance(0.5) ? breedFitting(fitting) : null };
}

const ownerFor = (b: Breed) => breedWeighted(b.owners);

/** The owner's breed field: most owners of a pure-bred dog write it, in their words; of a mix, less often. */
function ownerBreed(species: Species, { breed, looksLike }: Ancestry): string | null {
  if (breed !== MIX) {
    const blank = species === 'dog' ? 0.1 : species === 'cat' ? 0.35 : 0.5;
    if (breedChance(blank)) return null;
    // Some owners of a pure-bred are not sure of it.
    return species === 'dog' && breedChance(0.05) ? `${ownerFor(breed)} mix` : ownerFor(breed);
  }
  if (breedChance(species === 'dog' ? 0.25 : 0.6)) return null;
  if (looksLike && breedChance(0.6)) {
    const name = ownerFor(looksLike);
    return breedPick([`${name} mix`, `${name} cross`, `${name} x`, `${name} mix?`]);
  }
  return breedPick(['mixed', 'mutt', 'mixed breed', 'cross breed', 'unknown', 'rescue', 'not sure']);
}

// What a finder writes in 'collar or marks': of a dog, a collar they see, how it behaves, a mark,
// and sometimes a guess at its breed from its looks, often a lookalike's or a type's name.
const FINDER_GUESSES_BREED: Record<Species, number> = { dog: 0.3, cat: 0.06, rabbit: 0.1 };
const COLLAR_COLOURS = ['red', 'blue', 'black', 'pink', 'green', 'purple', 'brown leather', 'orange', 'camo'];
const OTHER_MARKS = [
  'friendly',
  'very friendly',
  'scared',
  'shy',
  'limping',
  'thin',
  'matted fur',
  'no tag',
  'chipped? could not scan',
  'wearing a harness',
  'old, grey muzzle',
  'young',
  'nervous but sweet',
  'white patch on chest',
  'torn ear',
  'neutered',
];

function guessOf(species: Species, { breed, looksLike }: Ancestry, coat: Colour[], kg: number): string {
  const seen = looksLike ?? (breed === MIX ? null : breed);
  const hedge = (name: string) =>
    breedPick([name, `looks like a ${name}`, `${name}?`, `${name} mix`, `maybe ${name}`, `${name} type`]);
  if (!seen) {
    // A mutt: 'mixed breed', or the breed its coat and build bring to mind.
    const fitting = breedsFitting(species, coat, kg);
    if (fitting.length === 0 || breedChance(0.4)) return breedPick(['mixed breed', 'mutt', 'mix', 'cross breed']);
    return hedge(ownerFor(breedFitting(fitting)).toLowerCase());
  }
  const r = breedRandom();
  if (r < 0.55 || (seen.lookalikes.length === 0 && seen.types.length === 0))
    return hedge(seen.finders ? breedPick(seen.finders) : ownerFor(seen).toLowerCase());
  if (r < 0.8 && seen.lookalikes.length > 0) return hedge(breedPick(seen.lookalikes));
  return breedPick(seen.types.length > 0 ? seen.types : seen.lookalikes);
}

/** The finder's 'collar or marks' words, or null when they wrote nothing. */
function finderMarks(species: Species, ancestry: Ancestry, coat: Colour[], kg: number): string | null {
  const words: string[] = [];
  if (breedChance(FINDER_GUESSES_BREED[species])) words.push(guessOf(species, ancestry, coat, kg));
  // Many dogs wear a collar, some cats; a finder most often says so.
  const collared = breedChance(species === 'dog' ? 0.6 : species === 'cat' ? 0.25 : 0);
  if (collared && breedChance(0.6)) words.push(`${breedPick(COLLAR_COLOURS)} collar`);
  else if (!collared && species !== 'rabbit' && breedChance(0.2)) words.push('no collar');
  if (breedChance(0.35)) words.push(breedPick(OTHER_MARKS));
  return words.length > 0 ? words.join(breedPick([', ', '. '])) : null;
}

// ---------------------------------------------------------------- photos

const RGB: Record<Colour, [number, number, number]> = {
  black: [28, 26, 24],
  white: [238, 236, 230],
  brown: [104, 64, 34],
  tan: [196, 156, 108],
  golden: [214, 160, 60],
  grey: [128, 128, 132],
  orange: [214, 110, 40],
  cream: [240, 226, 196],
};
const BACKGROUNDS: [number, number, number][] = [
  [70, 130, 60], // lawn
  [150, 150, 146], // pavement
  [180, 140, 100], // a wooden floor
  [90, 110, 160], // a blue blanket
];

/**
 * One animal's looks, the same in every photo of it: its coat, how much of it each colour covers,
 * where its markings lie on its body, its own shade of its colours and its build. Two pets of one
 * coat differ in all but the coat; two photos of one pet differ in the pose, the light, the camera
 * and what is in the way.
 */
interface Look {
  coat: Colour[];
  shares: number[];
  /** The markings' layout over the body: three waves' frequencies and phases, cut into the coat's shares. */
  markings: number[];
  /** Its own shade: an offset to every colour's red, green and blue. */
  shade: [number, number, number];
  /** Length over height of the body as the camera sees it from the side. */
  build: number;
}

function lookOf(coat: Colour[]): Look {
  const main = coat.length === 2 ? between(0.5, 0.75) : coat.length === 3 ? between(0.4, 0.6) : 1;
  const shares =
    coat.length === 1 ? [1] : coat.length === 2 ? [main, 1 - main] : [main, (1 - main) * 0.6, (1 - main) * 0.4];
  return {
    coat,
    shares,
    markings: [
      between(2, 6),
      between(0, 2 * Math.PI),
      between(2, 6),
      between(0, 2 * Math.PI),
      between(1, 4),
      between(0, 2 * Math.PI),
    ],
    shade: [between(-14, 14), between(-14, 14), between(-14, 14)],
    build: between(1.1, 1.6),
  };
}

/**
 * A 64×64 photo of a pet: a background, the pet somewhere near the middle, facing left or right, at
 * some distance, bent a little, in the light and white balance of the moment, sometimes behind a
 * leash or a fence post, with sensor noise and JPEG's losses.
 */
async function photoOf(look: Look) {
  const side = 64;
  const pixels = Buffer.alloc(side * side * 3);
  const background = pick(BACKGROUNDS);
  const [cx, cy] = [side / 2 + between(-6, 6), side / 2 + between(-5, 5)];
  const ry = side * 0.24 * between(0.8, 1.15);
  const rx = Math.min(side * 0.46, ry * look.build);
  const facing = chance(0.5) ? 1 : -1;
  const bend = [between(-0.1, 0.1), between(0, 2 * Math.PI)];
  const light = between(0.8, 1.15);
  const cast = [between(-12, 12), between(-12, 12), between(-12, 12)];
  const post = chance(0.25) ? { x: between(8, side - 8), width: between(2, 5) } : null;
  const [a, pa, b, pb, c, pc] = look.markings;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const v = (y - cy) / ry;
      const u = ((x - cx) / rx) * facing + bend[0] * Math.sin(v * 3 + bend[1]);
      let base = background;
      if (u * u + v * v < 1) {
        // The markings: a smooth field over the body (in the body's own coordinates, so they move
        // with the pet), cut into the coat's shares.
        const field = (Math.sin(u * a + pa) + Math.sin(v * b + pb) + Math.sin((u + v) * c + pc) + 3) / 6;
        let acc = 0;
        let colour = look.coat[0];
        for (let k = 0; k < look.coat.length; k++) {
          acc += look.shares[k];
          if (field < acc) {
            colour = look.coat[k];
            break;
          }
        }
        base = RGB[colour].map((value, ch) => value + look.shade[ch]) as [number, number, number];
      }
      if (post && Math.abs(x - post.x) < post.width / 2) base = [60, 52, 44];
      const i = (y * side + x) * 3;
      for (let ch = 0; ch < 3; ch++)
        pixels[i + ch] = Math.max(0, Math.min(255, base[ch] * light + cast[ch] + (random() - 0.5) * 40));
    }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: Math.round(between(60, 85)) })
    .toBuffer();
}

// ---------------------------------------------------------------- the evaluation

interface Pet {
  facts: MissingPetFacts;
  species: Species;
  look: Look;
  coat: Colour[];
  pattern?: string;
  kg: number;
  sex: Sex;
  ancestry: Ancestry;
}

async function generatePets(): Promise<Pet[]> {
  const pets = Array.from({ length: MISSING }, (_, n) => {
    const species = weighted<Species>([
      ['dog', 60],
      ['cat', 35],
      ['rabbit', 5],
    ]);
    const [coat, , pattern] = weighted(COATS[species].map((c) => [c, c[1]] as [typeof c, number]));
    const kg = between(...WEIGHT_KG[species]);
    const missingDays = Math.floor(between(0, 60));
    const sex = drawSex();
    const ancestry = drawAncestry(species, coat, kg);
    return {
      species,
      look: lookOf(coat),
      coat,
      pattern,
      kg,
      sex,
      ancestry,
      facts: {
        name: `Pet ${n}`,
        species,
        colour: ownerWords(coat, pattern),
        weight: ownerWeight(kg),
        sex: ownerSex(sex),
        breed: ownerBreed(species, ancestry),
        lastSeen: pointInCity(),
        // Most owners give the day; some write 'last Tuesday', which has no day to read.
        missingSince: chance(0.9) ? dayPlus(TODAY, -missingDays) : null,
      } as MissingPetFacts,
    };
  });
  // Most owners added a photo of their pet.
  for (const pet of pets)
    if (chance(0.8)) {
      const reading = await readPhoto(await photoOf(pet.look));
      pet.facts.photoColours = reading.colours;
      pet.facts.photoShares = reading.shares;
      pet.facts.photoMarkings = reading.markings;
    }
  return pets;
}

const photoFacts = (reading: PhotoReading) => ({
  photoColours: reading.colours,
  photoShares: reading.shares,
  photoMarkings: reading.markings,
});

interface Found {
  facts: FoundPetFacts;
  truePet: number | null;
}

async function generateFound(pets: Pet[]): Promise<Found[]> {
  const found: Found[] = [];
  // 250 of missing pets: found 0 to 10 days after they went missing (and by today), 0 to 3 km off.
  const order = pets.map((_, i) => i).sort(() => random() - 0.5);
  for (const i of order) {
    if (found.length === FOUND_OF_MISSING) break;
    const pet = pets[i];
    const since = pet.facts.missingSince ?? dayPlus(TODAY, -Math.floor(between(0, 30)));
    const foundOn = dayPlus(since, Math.floor(between(0, 11)));
    if (foundOn > TODAY) continue;
    found.push({
      truePet: i,
      facts: {
        species: pet.species,
        colours: finderColours(pet.coat, pet.pattern),
        ...photoFacts(await readPhoto(await photoOf(pet.look))),
        size: finderSize(sizeOfKg(pet.species, pet.kg)),
        sex: finderSex(pet.species, pet.sex),
        marks: finderMarks(pet.species, pet.ancestry, pet.coat, pet.kg),
        point: pointNear(pet.facts.lastSeen.lat, pet.facts.lastSeen.lng, between(0, 3)),
        foundOn,
      },
    });
  }
  // 250 decoys: strays no one here is missing, anywhere in the city, each of the colours of some
  // missing pet (its coat, or one that shares a colour with it), photographed as the others are.
  while (found.length < FOUND) {
    const lookalike = pick(pets);
    const coats = COATS[lookalike.species];
    const similar = chance(0.5)
      ? { coat: lookalike.coat, pattern: lookalike.pattern }
      : (() => {
          const sharing = coats.filter(([c]) => c.some((x) => lookalike.coat.includes(x)));
          const [coat, , pattern] = pick(sharing);
          return { coat, pattern };
        })();
    const kg = between(...WEIGHT_KG[lookalike.species]);
    found.push({
      truePet: null,
      facts: {
        species: lookalike.species,
        colours: finderColours(similar.coat, similar.pattern),
        ...photoFacts(await readPhoto(await photoOf(lookOf(similar.coat)))),
        size: finderSize(sizeOfKg(lookalike.species, kg)),
        // A stray of its own sex, whatever the pet it looks like.
        sex: finderSex(lookalike.species, drawSex()),
        // And a breed of its own, as likely as any pet's of its coat and build.
        marks: finderMarks(lookalike.species, drawAncestry(lookalike.species, similar.coat, kg), similar.coat, kg),
        point: pointInCity(),
        foundOn: dayPlus(TODAY, -Math.floor(between(0, 30))),
      },
    });
  }
  return found;
}

function evaluate(
  pets: Pet[],
  found: Found[],
  threshold: number,
  most = MAX_CANDIDATES,
  tuning = SCORING,
  margin = MATCH_MARGIN,
) {
  let reached = 0;
  let falseAlerts = 0;
  let fromDecoys = 0;
  let truths = 0;
  for (const report of found) {
    const scored = [];
    for (let i = 0; i < pets.length; i++) {
      if (kmBetween(pets[i].facts.lastSeen, report.facts.point) > MATCH_RADIUS_KM) continue;
      const match = scoreMatch(pets[i].facts, report.facts, tuning);
      if (match) scored.push({ i, score: match.score });
    }
    // The service's own selection, at the threshold and margin under test.
    const alerted = bestCandidates(scored, { threshold, margin, most });
    if (report.truePet !== null) {
      truths++;
      if (alerted.some((a) => a.i === report.truePet)) reached++;
      else if (process.argv.includes('--explain')) {
        const pet = pets[report.truePet];
        const own = scored.find((s) => s.i === report.truePet);
        console.log(
          JSON.stringify({
            score: own?.score ?? 'excluded',
            rank: own ? scored.filter((s) => s.score > own.score).length : null,
            colour: pet.facts.colour,
            coat: pet.coat,
            picked: report.facts.colours,
            photo: report.facts.photoColours,
            weight: pet.facts.weight,
            size: report.facts.size,
            km: Number(kmBetween(pet.facts.lastSeen, report.facts.point).toFixed(1)),
            since: pet.facts.missingSince,
            foundOn: report.facts.foundOn,
            breed: pet.facts.breed,
            marks: report.facts.marks,
          }),
        );
      }
    }
    falseAlerts += alerted.filter((a) => a.i !== report.truePet).length;
    if (report.truePet === null) fromDecoys += alerted.length;
  }
  return {
    threshold,
    most,
    margin,
    reachedShare: Number((reached / truths).toFixed(3)),
    falseAlertsPer100: Number(((falseAlerts / found.length) * 100).toFixed(1)),
    fromDecoysPer100: Number(((fromDecoys / found.length) * 100).toFixed(1)),
  };
}

// ---------------------------------------------------------------- one match query at 1,000,000 pets

/** The thresholds swept: the score is a chance, most of the pairs near nought. */
const THRESHOLDS = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5];

const PG_SIZE = 1_000_000;
const QUERIES = 1000;

async function freshDatabase(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists homeward_bench_matching');
  await admin.query('create database homeward_bench_matching');
  await admin.end();
  const bench = new URL(url);
  bench.pathname = '/homeward_bench_matching';
  return bench.href;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * 1,000,000 pets over an area of France's size (as the lost-pets board's bench seeds them), 2% of
 * them missing with a colour and a weight in words; then the candidate query and the scoring of
 * its rows, timed from 1,000 found pets at random points.
 */
async function timeQueryAtScale(databaseUrl: string) {
  const database = await openDatabase(
    { mode: 'postgres', url: await freshDatabase(databaseUrl) },
    { queryTimeoutMs: 0 },
  );
  const { db } = database;
  try {
    await runMigrations(database.pool);
    const { rows } = await db.execute<{ id: string }>(
      sql`insert into users (email, first_name, last_name) values ('bench-matching@homeward.test', 'Bench', 'Matching') returning id`,
    );
    console.log(`== matching: seeding ${PG_SIZE.toLocaleString('en')} pets…`);
    const started = performance.now();
    const AREA = { south: 42.5, north: 49.5, west: -1.5, east: 7.5 };
    await db.execute(sql`
      insert into pets (user_id, name, species, color, weight, owner_name, owner_phone, is_missing, last_seen_date,
                        last_seen_lat, last_seen_lng, short_code)
      select ${rows[0].id}, 'Pet ' || i, case when i % 3 = 0 then 'cat' else 'dog' end,
             (array['black','chocolate and white','ginger tabby','golden','grey','black & tan'])[1 + i % 6],
             (array['12 kg','50 lbs','4 kg', null])[1 + i % 4], 'Bench Owner', '555-0100', i % 50 = 0,
             to_char(date '2026-11-01' + (i % 24)::int, 'YYYY-MM-DD'),
             ${AREA.south} + random() * ${AREA.north - AREA.south}, ${AREA.west} + random() * ${AREA.east - AREA.west},
             lpad(upper(to_hex(i)), 7, '0')
      from generate_series(1, ${PG_SIZE}) i`);
    await db.execute(sql`analyze pets`);
    const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const points = Array.from({ length: QUERIES + 100 }, () => ({
      lat: between(AREA.south, AREA.north),
      lng: between(AREA.west, AREA.east),
    }));
    const facts = (point: { lat: number; lng: number }): FoundPetFacts => ({
      species: 'dog',
      colours: ['brown', 'white'],
      photoColours: ['brown', 'white', 'multi-colour'],
      size: 'large',
      sex: null,
      point,
      foundOn: '2026-11-24',
    });
    const matchAt = async (point: { lat: number; lng: number }) => {
      const candidates = await findMissingPetsNear(db, point, 'dog', MATCH_RADIUS_KM);
      const scored = candidates.flatMap((pet) => {
        const match = scoreMatch(
          {
            name: pet.name,
            species: pet.species,
            colour: pet.color,
            weight: pet.weight,
            lastSeen: { lat: pet.lastSeenLat as number, lng: pet.lastSeenLng as number },
            missingSince: pet.lastSeenDate,
          },
          facts(point),
        );
        return match ? [{ id: pet.id, score: match.score }] : [];
      });
      return { candidates: candidates.length, alerted: bestCandidates(scored).length };
    };
    for (const point of points.slice(0, 100)) await matchAt(point);
    const times: number[] = [];
    let candidates = 0;
    for (const point of points.slice(100)) {
      const t = performance.now();
      candidates += (await matchAt(point)).candidates;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const plan = await db.execute<{ 'QUERY PLAN': string }>(
      sql`explain ${findMissingPetsNear(db, points[0], 'dog', MATCH_RADIUS_KM)}`,
    );
    const usesIndex = plan.rows.some((r) => r['QUERY PLAN'].includes('pets_missing_point_idx'));
    return {
      pets: PG_SIZE,
      seedSeconds,
      queries: QUERIES,
      meanCandidates: Number((candidates / QUERIES).toFixed(1)),
      p50Ms: Number(percentile(times, 0.5).toFixed(2)),
      p99Ms: Number(percentile(times, 0.99).toFixed(2)),
      usesIndex,
      loadAverage: os.loadavg()[0],
    };
  } finally {
    await database.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query('drop database if exists homeward_bench_matching');
    await admin.end();
  }
}

// ---------------------------------------------------------------- run

/**
 * `--tune`: fits the score's logistic on the tuning city (never the reported one): every pair the
 * rules let through, labelled by whether the found pet is that pet, by gradient descent on the log
 * loss. What it prints is copied into SCORING.logistic by hand.
 */
async function tune() {
  cityOf(TUNING_CITY);
  const pets = await generatePets();
  const found = await generateFound(pets);
  const KEYS = [
    'colour',
    'distance',
    'time',
    'photos',
    'noPhotos',
    'markings',
    'noMarkings',
    'size',
    'noSize',
    'sameSex',
    'otherSex',
    'breed',
    'noBreed',
    'intercept',
  ] as const;
  const rows: { x: number[]; y: number }[] = [];
  for (const report of found)
    for (let i = 0; i < pets.length; i++) {
      const e = evidenceOf(pets[i].facts, report.facts);
      if (!e) continue;
      const x = [
        e.colour,
        e.distance,
        e.time,
        e.photos ?? 0,
        e.photos === null ? 1 : 0,
        e.markings ?? 0,
        e.markings === null ? 1 : 0,
        e.size ?? 0,
        e.size === null ? 1 : 0,
        e.sameSex === true ? 1 : 0,
        e.sameSex === false ? 1 : 0,
        e.breed ?? 0,
        e.breed === null ? 1 : 0,
        1,
      ];
      rows.push({ x, y: report.truePet === i ? 1 : 0 });
    }
  const w = KEYS.map(() => 0);
  for (let step = 0; step < 3000; step++) {
    const gradient = KEYS.map(() => 0);
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * w[j], 0)));
      for (let j = 0; j < w.length; j++) gradient[j] += (p - y) * x[j];
    }
    for (let j = 0; j < w.length; j++) w[j] -= (20 * gradient[j]) / rows.length;
  }
  console.log(JSON.stringify(Object.fromEntries(KEYS.map((k, j) => [k, Number(w[j].toFixed(2))]))));
}

/**
 * `--tune --selection`: on the tuning city, with the scorer as it is, the trade at each threshold
 * and margin below the best candidate (the Pareto front: no row both reaches more and alerts fewer;
 * `--all` every row).
 */
async function tuneSelection() {
  cityOf(TUNING_CITY);
  const pets = await generatePets();
  const found = await generateFound(pets);
  const rows: ReturnType<typeof evaluate>[] = [];
  for (const margin of process.argv.includes('--all') ? [MATCH_MARGIN, 1] : [0, 0.05, 0.1, 0.2, 0.3, 0.5, 1])
    for (const t of THRESHOLDS) rows.push(evaluate(pets, found, t, MAX_CANDIDATES, SCORING, margin));
  const front = process.argv.includes('--all')
    ? rows
    : rows.filter(
        (r) =>
          !rows.some(
            (o) =>
              o !== r &&
              o.reachedShare >= r.reachedShare &&
              o.falseAlertsPer100 <= r.falseAlertsPer100 &&
              (o.reachedShare > r.reachedShare || o.falseAlertsPer100 < r.falseAlertsPer100),
          ),
      );
  for (const r of front.sort((a, b) => a.reachedShare - b.reachedShare)) console.log(JSON.stringify(r));
}

if (process.argv.includes('--tune') && process.argv.includes('--selection')) {
  await tuneSelection();
  process.exit(0);
}

if (process.argv.includes('--tune')) {
  await tune();
  process.exit(0);
}

console.log(
  `== matching: a city of ${MISSING} missing pets and ${FOUND} found reports (${FOUND_OF_MISSING} of them true)…`,
);
const pets = await generatePets();
const found = await generateFound(pets);
const sweep = THRESHOLDS.map((t) => evaluate(pets, found, t));
const chosen = evaluate(pets, found, MATCH_THRESHOLD);
console.log('\nthreshold | true matches reaching the owner | false alerts per 100 found reports (from strays)');
for (const row of sweep)
  console.log(
    `${row.threshold.toFixed(2).padEnd(9)} | ${`${(row.reachedShare * 100).toFixed(1)}%`.padEnd(31)} | ${row.falseAlertsPer100} (${row.fromDecoysPer100})${row.threshold === MATCH_THRESHOLD ? '   <- the threshold in use' : ''}`,
  );
console.log(
  `\nat the threshold in use (${MATCH_THRESHOLD}): ${(chosen.reachedShare * 100).toFixed(1)}% of true matches reach the owner (goal ≥ 95%), ${chosen.falseAlertsPer100} false alerts per 100 found reports (goal ≤ 10)`,
);

if (process.env.DATABASE_URL && !process.argv.includes('--no-postgres')) {
  const scale = await timeQueryAtScale(process.env.DATABASE_URL);
  console.log(
    `one match at ${scale.pets.toLocaleString('en')} pets on PostgreSQL: p50 ${scale.p50Ms} ms, p99 ${scale.p99Ms} ms over ${scale.queries} found pets (${scale.meanCandidates} candidates each on average; index used: ${scale.usesIndex ? 'yes' : 'NO'}; seeded in ${scale.seedSeconds} s; load ${scale.loadAverage.toFixed(2)})`,
  );
} else {
  console.log('one match at 1,000,000 pets: skipped (set DATABASE_URL to a PostgreSQL server)');
}
if (process.argv.includes('--grid'))
  for (const most of [1, 2, 3, 5])
    for (const t of THRESHOLDS) console.log(JSON.stringify(evaluate(pets, found, t, most)));
