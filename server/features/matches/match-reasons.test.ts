import { describe, expect, it } from 'vitest';
import type { MatchReasons } from '../../../shared/contracts/matches';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { reasonsInWords, reasonsSentence, storedReasonsInWords } from './match-reasons';

// A brown and white dog, large like the missing one, found 1.4 km from where it was last seen, two days after.
const reasons: MatchReasons = {
  species: 'dog',
  colours: ['brown', 'white'],
  coloursFrom: 'finder',
  size: 'large',
  sex: null,
  km: 1.4,
  days: 2,
};

const sentence = (facts: MatchReasons, language: (typeof LANGUAGES)[number]) =>
  reasonsSentence(reasonsInWords(facts, 'Bella', language), language);

describe("a match's reasons in the reader's language", () => {
  it('when read in English, then they are the words owners have always read', () => {
    expect(sentence(reasons, 'en')).toBe(
      'Dog, brown and white, large, found 1.4 km from where Bella was last seen, 2 days after',
    );
    expect(sentence({ ...reasons, colours: ['black', 'tan', 'white', 'multi-colour'], days: 1 }, 'en')).toBe(
      'Dog, black, tan and white, large, found 1.4 km from where Bella was last seen, 1 day after',
    );
  });

  it('when the pet was found the day before its last-seen day (the day’s slack), then the words say the day before, not the same day', () => {
    expect(reasonsInWords({ ...reasons, days: -1 }, 'Bella', 'en').at(-1)).toBe('the day before it went missing');
    expect(reasonsInWords({ ...reasons, days: 0 }, 'Bella', 'en').at(-1)).toBe('the day it went missing');
    expect(reasonsInWords({ ...reasons, days: -1 }, 'Bella', 'fr').at(-1)).toBe('la veille de sa disparition');
  });

  it('when read in French, then the species, colours, size, distance and days are French, the number written the French way', () => {
    expect(sentence(reasons, 'fr')).toBe(
      'Chien, marron et blanc, grande taille, trouvé à 1,4 km du dernier endroit où l’on a vu Bella, 2 jours après',
    );
    expect(reasonsInWords({ ...reasons, days: 1 }, 'Bella', 'fr').at(-1)).toBe('1 jour après');
    expect(reasonsInWords({ ...reasons, days: 0 }, 'Bella', 'fr').at(-1)).toBe('le jour de sa disparition');
  });

  it('when read in the other languages, then each has its own words and plurals', () => {
    expect(sentence(reasons, 'es')).toBe(
      'Perro, marrón y blanco, grande, se encontró a 1,4 km de donde se vio a Bella por última vez, 2 días después',
    );
    expect(sentence({ ...reasons, days: 1 }, 'de')).toBe(
      'Hund, braun und weiß, groß, gefunden 1,4 km von der Stelle, an der Bella zuletzt gesehen wurde, 1 Tag danach',
    );
    expect(sentence(reasons, 'pt')).toBe(
      'Cachorro, marrom e branco, porte grande, encontrado a 1,4 km de onde viram Bella pela última vez, 2 dias depois',
    );
    expect(sentence(reasons, 'zh-Hans')).toBe(
      '狗，棕色和白色，体型大，在距 Bella 最后出现地点 1.4 公里处被发现，走失 2 天后',
    );
  });

  it('when the colours come from the photo, or the pet was found very near, then the words say so', () => {
    const fromPhoto: MatchReasons = {
      ...reasons,
      colours: ['multi-colour'],
      coloursFrom: 'photo',
      km: 0.12,
      days: null,
    };
    expect(reasonsInWords(fromPhoto, 'Bella', 'en')).toEqual([
      'Dog',
      'multi-colour in the photo',
      'large',
      'found less than 500 m from where Bella was last seen',
    ]);
    expect(reasonsInWords(fromPhoto, 'Bella', 'fr')[1]).toBe('multicolore sur la photo');
  });

  it('when a match was stored before its reasons were kept as facts, then its English words are read whatever the language', () => {
    const words = ['Dog', 'brown and white', 'found 1.4 km from where Bella was last seen'];
    for (const language of LANGUAGES)
      expect(storedReasonsInWords({ reasons: null, reasonWords: words }, 'Bella', language)).toEqual(words);
  });
});
