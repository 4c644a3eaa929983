// How the matcher reads a breed: the owner's breed field ('Labrador Retriever', 'GSD', 'lab x collie',
// 'DSH') and the finder's 'collar or marks' words ('looks like a lab, red collar', 'some kind of
// terrier') onto one fixed list of breeds, each in a family of lookalikes. A mix reads as the breeds
// it names (a lab mix looks like a lab); 'mixed', 'mutt' or 'unknown' name none, and neither does
// anything the table does not know ('friendly', 'red collar'): an unread breed neither helps nor
// hurts a match.

type Family =
  | 'retriever'
  | 'shepherd'
  | 'spitz'
  | 'herding'
  | 'bully'
  | 'hound'
  | 'terrier'
  | 'toy'
  | 'poodle'
  | 'spaniel'
  | 'guard'
  | 'sighthound'
  | 'shorthair'
  | 'longhair'
  | 'oriental'
  | 'lop'
  | 'dwarf'
  | 'rex';

/** One breed the matcher knows, and its families (a staffie is a bull breed and a terrier); a finder's 'terrier' names a family alone. */
export interface BreedReading {
  breed: string | null;
  families: readonly Family[];
}

// Each entry: the species, the words (longest first within a family of words: 'british shorthair'
// before 'shorthair'), the breed (null for a family's own word) and its families.
const TABLE: [species: string, words: RegExp, breed: string | null, families: Family | Family[]][] = [
  ['dog', /\b(?:labradoodle|goldendoodle|cockapoo|cavapoo|cavoodle|maltipoo|doodle)s?\b/, 'doodle', 'poodle'],
  ['dog', /\b(?:labrador|lab)s?(?:\s+retrievers?)?\b/, 'labrador', 'retriever'],
  // 'Golden' alone is the breed, as owners write it; 'golden fur' is a colour.
  ['dog', /\bgolden(?:\s+retrievers?|s?\b(?!\s+(?:fur|coat|colou?r|hair)))/, 'golden retriever', 'retriever'],
  ['dog', /\bretriever\b/, null, 'retriever'],
  ['dog', /\b(?:australian\s+shepherd|aussie)\b/, 'australian shepherd', 'herding'],
  ['dog', /\b(?:german\s+shepherd(?:\s+dog)?|gsd|alsatian|shepherd)s?\b/, 'german shepherd', 'shepherd'],
  ['dog', /\b(?:belgian\s+)?malinois\b/, 'malinois', 'shepherd'],
  ['dog', /\b(?:husk(?:y|ies)|huskie)\b/, 'husky', 'spitz'],
  ['dog', /\bmalamutes?\b/, 'malamute', 'spitz'],
  ['dog', /\b(?:pomeranian|pom)s?\b/, 'pomeranian', 'spitz'],
  ['dog', /\b(?:border\s+)?coll(?:ie|y)s?\b/, 'collie', 'herding'],
  ['dog', /\bcorgis?\b/, 'corgi', 'herding'],
  [
    'dog',
    /\b(?:staff(?:ie|y|ies)|staffordshire(?:\s+bull)?(?:\s+terrier)?|am\s*staff|sbt)\b/,
    'staffie',
    ['bully', 'terrier'],
  ],
  [
    'dog',
    /\b(?:(?:american\s+)?pit\s*bulls?(?:\s+terriers?)?|pitties?|pitty|apbt)\b/,
    'pit bull',
    ['bully', 'terrier'],
  ],
  ['dog', /\bboxers?\b/, 'boxer', 'bully'],
  ['dog', /\b(?:french\s+bulldog|frenchies?|frenchy)\b/, 'french bulldog', 'bully'],
  ['dog', /\b(?:english\s+|british\s+)?bulldogs?\b/, 'bulldog', 'bully'],
  ['dog', /\b(?:bull\s+breed|bully)\b/, null, 'bully'],
  ['dog', /\bbeagles?\b/, 'beagle', 'hound'],
  ['dog', /\b(?:dachshund|sausage\s+dog|doxie|doxy|wiener\s+dog)s?\b/, 'dachshund', 'hound'],
  ['dog', /\bhounds?\b/, null, 'hound'],
  ['dog', /\b(?:jack\s+russell|parson\s+russell|jrt|jack\s+russel)(?:\s+terrier)?s?\b/, 'jack russell', 'terrier'],
  ['dog', /\b(?:yorkshire(?:\s+terrier)?|yorkie|yorky)s?\b/, 'yorkie', 'terrier'],
  ['dog', /\b(?:miniature\s+)?schnauzers?\b/, 'schnauzer', 'terrier'],
  ['dog', /\bterriers?\b/, null, 'terrier'],
  ['dog', /\b(?:chihuahua|chi)s?\b/, 'chihuahua', 'toy'],
  ['dog', /\b(?:shih\s*-?\s*tzu|shitzu|lhasa(?:\s+apso)?)s?\b/, 'shih tzu', 'toy'],
  ['dog', /\bmalteses?\b/, 'maltese', 'toy'],
  ['dog', /\bpoodles?\b/, 'poodle', 'poodle'],
  ['dog', /\b(?:cavalier|king\s+charles)(?:\s+king\s+charles)?(?:\s+spaniel)?s?\b/, 'cavalier', 'spaniel'],
  ['dog', /\b(?:cocker|springer)(?:\s+spaniel)?s?\b/, 'cocker or springer', 'spaniel'],
  ['dog', /\bspaniels?\b/, null, 'spaniel'],
  ['dog', /\b(?:rottweiler|rottie|rotty|rott)s?\b/, 'rottweiler', 'guard'],
  ['dog', /\b(?:dobermann?|dobie|doberman\s+pinscher)s?\b/, 'doberman', 'guard'],
  ['dog', /\b(?:greyhound|lurcher)s?\b/, 'greyhound', 'sighthound'],
  ['dog', /\bwhippets?\b/, 'whippet', 'sighthound'],
  ['cat', /\b(?:british\s+(?:shorthair|short\s+hair|blue)|bsh)\b/, 'british shorthair', 'shorthair'],
  [
    'cat',
    /\b(?:domestic\s+short\s*-?\s*hair(?:ed)?|dsh|short\s*-?\s*hair(?:ed)?|moggy|moggie)\b/,
    'domestic shorthair',
    'shorthair',
  ],
  ['cat', /\bbengals?\b/, 'bengal', 'shorthair'],
  ['cat', /\bmaine\s+coons?\b/, 'maine coon', 'longhair'],
  ['cat', /\bpersians?\b/, 'persian', 'longhair'],
  ['cat', /\bragdolls?\b/, 'ragdoll', 'longhair'],
  ['cat', /\b(?:domestic\s+long\s*-?\s*hair(?:ed)?|dlh|long\s*-?\s*hair(?:ed)?)\b/, 'domestic longhair', 'longhair'],
  ['cat', /\b(?:siamese|oriental)\b/, 'siamese', 'oriental'],
  [
    'rabbit',
    /\b(?:(?:holland\s+|mini\s+|french\s+|dwarf\s+)?lop(?:s|-eared|\s+eared|\s+ears)?|floppy[\s-]ear(?:s|ed))\b/,
    'lop',
    'lop',
  ],
  ['rabbit', /\b(?:netherland\s+)?dwarf\b/, 'netherland dwarf', 'dwarf'],
  ['rabbit', /\blion\s*head\b/, 'lionhead', 'dwarf'],
  ['rabbit', /\brex\b/, 'rex', 'rex'],
];

/**
 * The breeds a text names for a pet of `species`, in the order of the table: each word read once
 * (a 'staffordshire bull terrier' is a staffie, not a staffie, a bulldog and a terrier).
 */
export function readBreedWords(text: string | null | undefined, species: string): BreedReading[] {
  let rest = ` ${text?.toLowerCase() ?? ''} `;
  const kind = species.trim().toLowerCase();
  const read: BreedReading[] = [];
  for (const [of, words, breed, families] of TABLE) {
    if (of !== kind || !words.test(rest)) continue;
    read.push({ breed, families: typeof families === 'string' ? [families] : families });
    rest = rest.replace(new RegExp(words.source, 'g'), ' ');
  }
  return read;
}

/**
 * How well two readings agree (0–1), or null when either names none: the same breed 1, lookalikes
 * of one family (a lab for a golden, a staffie for a pit bull, 'some kind of terrier' for a Jack
 * Russell) half, else 0. Of a mix or a guess between two, the best pair.
 */
export function breedsAlike(a: readonly BreedReading[], b: readonly BreedReading[]): number | null {
  if (a.length === 0 || b.length === 0) return null;
  let best = 0;
  for (const x of a)
    for (const y of b)
      best = Math.max(
        best,
        x.breed !== null && x.breed === y.breed ? 1 : x.families.some((f) => y.families.includes(f)) ? 0.5 : 0,
      );
  return best;
}
