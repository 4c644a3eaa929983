import { describe, expect, it } from 'vitest';
import { breedsAlike, readBreedWords } from './breed-words';

const breeds = (text: string | null, species = 'dog') => readBreedWords(text, species).map((r) => r.breed);
const alike = (owner: string, finder: string, species = 'dog') =>
  breedsAlike(readBreedWords(owner, species), readBreedWords(finder, species));

describe("reading a breed from an owner's or a finder's words", () => {
  it('when owners write a breed by its name, a short name or an old one, then it reads as one breed', () => {
    for (const words of ['Labrador Retriever', 'Lab', 'black lab', 'Labrador'])
      expect(breeds(words)).toEqual(['labrador']);
    for (const words of ['German Shepherd Dog', 'GSD', 'Alsatian']) expect(breeds(words)).toEqual(['german shepherd']);
    for (const words of ['Staffordshire Bull Terrier', 'staffie', 'Staffy']) expect(breeds(words)).toEqual(['staffie']);
    expect(breeds('Australian Shepherd')).toEqual(['australian shepherd']);
    for (const words of ['DSH', 'domestic short hair', 'Domestic Shorthair'])
      expect(breeds(words, 'cat')).toEqual(['domestic shorthair']);
    expect(breeds('British Shorthair', 'cat')).toEqual(['british shorthair']);
  });

  it('when it is a mix, then it reads as the breeds it names; a mix of nothing named reads as none', () => {
    expect(breeds('lab mix')).toEqual(['labrador']);
    expect(breeds('lab x collie')).toEqual(['labrador', 'collie']);
    for (const words of ['mixed breed', 'mutt', 'unknown', 'cross breed', '']) expect(breeds(words)).toEqual([]);
  });

  it("when a finder's marks name a collar or how the pet behaves, then no breed is read from them", () => {
    expect(breeds('looks like a lab, red collar')).toEqual(['labrador']);
    expect(breeds('red collar. friendly, chipped? could not scan')).toEqual([]);
    expect(breeds('golden fur, red collar')).toEqual([]);
    // 'pit' alone is a place far more often than a pit bull.
    expect(breeds('found by the fire pit, limping')).toEqual([]);
    expect(breeds('Golden')).toEqual(['golden retriever']);
    expect(breeds('tabby', 'cat')).toEqual([]);
    // A name is not a breed of another species: Rex the dog is no rex rabbit.
    expect(breeds('answers to Rex')).toEqual([]);
    expect(breeds('Rex', 'rabbit')).toEqual(['rex']);
  });
});

describe("an owner's breed against a finder's guess", () => {
  it('when they name one breed, then they agree; lookalikes of one family half; others not at all', () => {
    expect(alike('Labrador Retriever', 'looks like a lab')).toBe(1);
    expect(alike('Labrador Retriever', 'golden retriever?')).toBe(0.5);
    expect(alike('Jack Russell', 'some kind of terrier')).toBe(0.5);
    expect(alike('Staffie', 'pit bull')).toBe(0.5);
    expect(alike('Labrador', 'husky')).toBe(0);
  });

  it('when either side names no breed, then they say nothing either way', () => {
    expect(alike('mixed', 'looks like a lab')).toBeNull();
    expect(alike('Labrador', 'red collar')).toBeNull();
  });
});
