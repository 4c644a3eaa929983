import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readColourWords } from './colour-words';
import {
  bestCandidates,
  type FoundPetFacts,
  MATCH_THRESHOLD,
  type MissingPetFacts,
  photoSharesAlike,
  scoreMatch,
  sizeOfWeight,
} from './match-score';
import { photoColours, readPhoto } from './photo-colours';
import { markingsAlike } from './photo-markings';

const bella: MissingPetFacts = {
  name: 'Bella',
  species: 'dog',
  colour: 'Chocolate and white',
  weight: '50 lbs',
  lastSeen: { lat: 45.5, lng: -122.6 },
  missingSince: '2026-11-20',
};

// 1.4 km north of Bella's last-seen point, two days later.
const found: FoundPetFacts = {
  species: 'dog',
  colours: ['brown', 'white'],
  photoColours: [],
  size: 'large',
  sex: null,
  point: { lat: 45.5 + 1.4 / 111.2, lng: -122.6 },
  foundOn: '2026-11-22',
};

const sorted = (s: Set<string>) => [...s].sort();

describe("reading an owner's colour words", () => {
  it('when the owner names a colour by another word, then it reads as the list names it', () => {
    expect(sorted(readColourWords('Chocolate'))).toEqual(['brown']);
    expect(sorted(readColourWords('ginger'))).toEqual(['orange']);
    expect(sorted(readColourWords('Blonde'))).toEqual(['golden']);
    expect(sorted(readColourWords('blue'))).toEqual(['grey']);
    expect(sorted(readColourWords('silver-grey'))).toEqual(['grey']);
    expect(sorted(readColourWords('off-white'))).toEqual(['cream']);
  });

  it('when the owner names two colours or a pattern, then it is multi-colour with the colours named', () => {
    expect(sorted(readColourWords('liver & white'))).toEqual(['brown', 'multi-colour', 'white']);
    expect(sorted(readColourWords('black/tan'))).toEqual(['black', 'multi-colour', 'tan']);
    expect(sorted(readColourWords('Tortoiseshell'))).toEqual(['black', 'multi-colour', 'orange']);
    expect(sorted(readColourWords('grey tabby'))).toEqual(['grey', 'multi-colour']);
    expect(sorted(readColourWords('tricolour'))).toEqual(['multi-colour']);
  });

  it('when the words name no colour, then nothing is read', () => {
    expect(readColourWords('very fluffy').size).toBe(0);
    expect(readColourWords(null).size).toBe(0);
  });
});

describe("reading a found pet's photo", () => {
  const photo = (top: string, bottom: string) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: top } })
      .composite([{ input: { create: { width: 64, height: 32, channels: 3, background: bottom } }, top: 32, left: 0 }])
      .jpeg()
      .toBuffer();

  it('when the photo is of a brown and white dog, then its colours are brown and white', async () => {
    const colours = await photoColours(await photo('#5c3a1e', '#f4f4f2'));
    expect([...colours].sort()).toEqual(['brown', 'multi-colour', 'white']);
  });

  it('when the bytes are not an image, then the photo says nothing', async () => {
    expect(await photoColours(Buffer.from('not an image'))).toEqual([]);
  });
});

describe("comparing two photos' markings", () => {
  type Rgb = [number, number, number];
  const BLACK: Rgb = [30, 28, 26];
  const WHITE: Rgb = [236, 234, 228];
  /** Where a pet is white, in its body's own coordinates (-1 to 1 along, -1 to 1 down). */
  type Coat = (along: number, down: number) => Rgb;
  const patchy: Coat = (along, down) => ((along > 0.3 && down < 0.2) || (along < -0.5 && down > 0) ? WHITE : BLACK);
  const otherPatches: Coat = (along, down) => (down > 0.4 || along > 0.7 ? WHITE : BLACK);
  const allBlack: Coat = () => BLACK;

  /** A 96×96 photo of a pet side-on: where it stands, how big, which way it faces, in what light. */
  function photo(coat: Coat, shot: { x: number; y: number; size: number; facing: 1 | -1; light: number; floor: Rgb }) {
    const side = 96;
    const pixels = Buffer.alloc(side * side * 3);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const along = ((x - shot.x) / (shot.size * 1.4)) * shot.facing;
        const down = (y - shot.y) / shot.size;
        const colour = along * along + down * down < 1 ? coat(along, down) : shot.floor;
        for (let c = 0; c < 3; c++) pixels[(y * side + x) * 3 + c] = Math.min(255, colour[c] * shot.light);
      }
    return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg()
      .toBuffer();
  }
  const lawn: Rgb = [70, 130, 60];
  const pavement: Rgb = [150, 150, 146];
  const first = { x: 48, y: 48, size: 24, facing: 1, light: 1, floor: lawn } as const;
  const second = { x: 42, y: 52, size: 20, facing: -1, light: 0.8, floor: pavement } as const;
  const markingsOf = async (coat: Coat, shot: Parameters<typeof photo>[1]) =>
    (await readPhoto(await photo(coat, shot))).markings[0];

  it('when two photos show one pet, facing the other way, nearer and in other light, then its markings are alike', async () => {
    expect(markingsAlike(await markingsOf(patchy, first), await markingsOf(patchy, second))).toBeGreaterThan(0.8);
  });

  it('when two pets of the same colours have their patches elsewhere, then their markings are unlike', async () => {
    expect(markingsAlike(await markingsOf(patchy, first), await markingsOf(otherPatches, second))).toBeLessThan(0.5);
  });

  it('when a pet is of one colour, then there are no markings to compare', async () => {
    expect(await markingsOf(allBlack, first)).toBeUndefined();
    expect(markingsAlike(undefined, await markingsOf(patchy, first))).toBeNull();
  });

  it("when the found photo shows the missing pet's markings, then the score is higher than for a lookalike", async () => {
    const pet = { ...bella, colour: 'black and white', photoMarkings: [await markingsOf(patchy, first)] };
    const seen = { ...found, colours: ['black', 'white'] as const };
    const same = scoreMatch(pet, { ...seen, photoMarkings: [await markingsOf(patchy, second)] })?.score ?? 0;
    const lookalike = scoreMatch(pet, { ...seen, photoMarkings: [await markingsOf(otherPatches, second)] })?.score ?? 0;
    expect(same).toBeGreaterThan(lookalike + 0.2);
  });
});

describe('scoring a found pet against a missing one', () => {
  it('when a brown and white dog is found 1.4 km away two days later, then it is a possible match, with why as facts', () => {
    const match = scoreMatch(bella, found);
    expect(match?.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(match?.reasons).toEqual({
      species: 'dog',
      colours: ['brown', 'white'],
      coloursFrom: 'finder',
      size: 'large',
      sex: null,
      km: expect.closeTo(1.4, 2),
      days: 2,
    });
  });

  it('when a pet’s species is off the found pets’ list (a hamster), then it is scored against found pets of another kind, and a dog’s never are', () => {
    const hamster = { ...bella, species: ' Hamster', weight: null };
    expect(scoreMatch(hamster, { ...found, species: 'other' })).not.toBeNull();
    expect(scoreMatch(hamster, found)).toBeNull();
    expect(scoreMatch({ ...bella, species: 'Dog' }, found)).not.toBeNull();
    expect(scoreMatch(bella, { ...found, species: 'other' })).toBeNull();
  });

  it("when the finder picked no colour, then the reasons give the photo's; a size the owner did not give is left out", () => {
    const match = scoreMatch(
      { ...bella, weight: null },
      { ...found, colours: [], photoColours: ['brown', 'white', 'multi-colour'] },
    );
    expect(match?.reasons).toMatchObject({
      colours: ['brown', 'white', 'multi-colour'],
      coloursFrom: 'photo',
      size: null,
    });
  });

  it('when the finder picks only one of the two colours, then it is still a possible match', () => {
    expect(scoreMatch(bella, { ...found, colours: ['brown'] })?.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('when it is a cat, or more than 10 km away, or found days before the pet went missing, then it is no match', () => {
    expect(scoreMatch(bella, { ...found, species: 'cat' })).toBeNull();
    expect(scoreMatch(bella, { ...found, point: { lat: 45.5 + 11 / 111.2, lng: -122.6 } })).toBeNull();
    expect(scoreMatch(bella, { ...found, foundOn: '2026-11-17' })).toBeNull();
    expect(scoreMatch(bella, { ...found, foundOn: '2026-11-19' })).not.toBeNull();
  });

  it('when the colours have nothing in common, then it is no match, unless the photo shows the colours', () => {
    expect(scoreMatch(bella, { ...found, colours: ['golden'] })).toBeNull();
    expect(scoreMatch(bella, { ...found, colours: ['golden'], photoColours: ['brown', 'white'] })).not.toBeNull();
  });

  it('when the sizes are far apart, then the score drops below the nearer one', () => {
    const large = scoreMatch(bella, found)?.score ?? 0;
    const small = scoreMatch(bella, { ...found, size: 'small' })?.score ?? 0;
    expect(small).toBeLessThan(large);
  });

  it('when it is nearer, then the score is higher', () => {
    const near = scoreMatch(bella, { ...found, point: { lat: 45.501, lng: -122.6 } })?.score ?? 0;
    const far = scoreMatch(bella, { ...found, point: { lat: 45.5 + 8 / 111.2, lng: -122.6 } })?.score ?? 0;
    expect(near).toBeGreaterThan(far);
  });

  it("when the pet's own photo shows the found photo's colours, then the score is higher than when it does not", () => {
    const withPhoto = { ...found, photoColours: ['brown', 'white', 'multi-colour'] as const };
    const alike = scoreMatch({ ...bella, photoColours: ['white', 'brown', 'multi-colour'] }, withPhoto)?.score ?? 0;
    const unlike = scoreMatch({ ...bella, photoColours: ['black'] }, withPhoto)?.score ?? 0;
    expect(alike).toBeGreaterThan(unlike);
  });

  it('when both photos show the same colours in the same shares, then they are more alike than the same colours the other way round', () => {
    const mostlyWhite = { white: 0.7, black: 0.3 };
    const mostlyBlack = { black: 0.7, white: 0.3 };
    expect(photoSharesAlike(mostlyWhite, { white: 0.68, black: 0.32 })).toBeCloseTo(0.98);
    expect(photoSharesAlike(mostlyWhite, mostlyBlack)).toBeCloseTo(0.6);
    // A neighbouring colour (tan for golden) counts half.
    expect(photoSharesAlike({ golden: 1 }, { tan: 1 })).toBeCloseTo(0.5);
    expect(photoSharesAlike({}, mostlyBlack)).toBeNull();
    const withPhoto = { ...found, photoColours: ['white', 'black', 'multi-colour'] as const, photoShares: mostlyWhite };
    const pet = { ...bella, colour: 'black and white', photoColours: ['white', 'black', 'multi-colour'] as const };
    const same = scoreMatch({ ...pet, photoShares: { white: 0.72, black: 0.28 } }, withPhoto)?.score ?? 0;
    const reversed = scoreMatch({ ...pet, photoShares: mostlyBlack }, withPhoto)?.score ?? 0;
    expect(reversed).toBeLessThan(same);
  });

  it('when everything agrees, then the score is a likely match; when only the species and colours do, an unlikely one', () => {
    const photo = {
      photoColours: ['brown', 'white', 'multi-colour'] as const,
      photoShares: { brown: 0.6, white: 0.4 },
    };
    const likely = scoreMatch({ ...bella, ...photo }, { ...found, ...photo })?.score ?? 0;
    expect(likely).toBeGreaterThan(0.5);
    const farAndLate = { ...found, point: { lat: 45.5 + 9 / 111.2, lng: -122.6 }, foundOn: '2026-12-15' };
    expect(scoreMatch(bella, farAndLate)?.score ?? 1).toBeLessThan(MATCH_THRESHOLD);
  });

  it('when both sexes are known and differ, then the score drops; when they agree, the reasons say so', () => {
    const same = scoreMatch({ ...bella, sex: 'female' }, { ...found, sex: 'female' });
    const other = scoreMatch({ ...bella, sex: 'female' }, { ...found, sex: 'male' });
    expect(other?.score ?? 0).toBeLessThan(same?.score ?? 0);
    expect(same?.reasons.sex).toBe('female');
    expect(other?.reasons.sex).toBeNull();
  });

  it("when the finder's marks guess the owner's breed, then the score rises; another breed, it falls; none, neither", () => {
    const lab = { ...bella, breed: 'Labrador Retriever' };
    const silent = scoreMatch(lab, { ...found, marks: 'red collar, friendly' })?.score ?? 0;
    const same = scoreMatch(lab, { ...found, marks: 'looks like a lab, red collar' })?.score ?? 0;
    const lookalike = scoreMatch(lab, { ...found, marks: 'golden retriever?' })?.score ?? 0;
    const other = scoreMatch(lab, { ...found, marks: 'husky' })?.score ?? 0;
    expect(same).toBeGreaterThan(lookalike);
    expect(lookalike).toBeGreaterThan(silent);
    expect(other).toBeLessThan(silent);
    expect(scoreMatch({ ...bella, breed: null }, { ...found, marks: 'husky' })?.score).toBe(silent);
  });
});

describe('sizes and candidates', () => {
  it("when the owner gives a weight, then it reads as the species' size", () => {
    expect(sizeOfWeight('50 lbs', 'dog')).toBe('large');
    expect(sizeOfWeight('8kg', 'dog')).toBe('small');
    expect(sizeOfWeight('4 kg', 'cat')).toBe('medium');
    expect(sizeOfWeight('tiny', 'rabbit')).toBe('small');
    expect(sizeOfWeight('50', 'dog')).toBeNull();
  });

  it('when more than five owners score above the threshold and near the best, then the best five are alerted', () => {
    const scored = [0.78, 0.5, 0.74, 0.8, 0.65, 0.79, 0.72, 0.77, 0.76].map((score) => ({ score }));
    expect(bestCandidates(scored).map((c) => c.score)).toEqual([0.8, 0.79, 0.78, 0.77, 0.76]);
  });

  it('when one candidate stands out, then the lookalikes far behind it are not alerted', () => {
    const scored = [0.95, 0.7, 0.6, 0.9].map((score) => ({ score }));
    expect(bestCandidates(scored).map((c) => c.score)).toEqual([0.95, 0.9]);
    expect(bestCandidates([{ score: MATCH_THRESHOLD - 0.01 }])).toEqual([]);
  });
});
