import type { FoundColor, FoundSex, FoundSize, WhereNow } from '../contracts/found-report-schema';
import type { Language } from './languages';
import type { StringKey, Translate } from './strings';

// The found-pet report's fixed words (the API's values) as the finder's language says them.

export const COLOR_KEYS: Record<FoundColor, StringKey> = {
  black: 'foundPet.colorBlack',
  white: 'foundPet.colorWhite',
  brown: 'foundPet.colorBrown',
  tan: 'foundPet.colorTan',
  golden: 'foundPet.colorGolden',
  grey: 'foundPet.colorGrey',
  orange: 'foundPet.colorOrange',
  cream: 'foundPet.colorCream',
  'multi-colour': 'foundPet.colorMulti',
};

export const SIZE_KEYS: Record<FoundSize, StringKey> = {
  small: 'foundPet.sizeSmall',
  medium: 'foundPet.sizeMedium',
  large: 'foundPet.sizeLarge',
};

export const SEX_KEYS: Record<FoundSex, StringKey> = { male: 'foundPet.sexMale', female: 'foundPet.sexFemale' };

export const WHERE_NOW_KEYS: Record<WhereNow, StringKey> = {
  finder: 'foundPet.nowFinder',
  vet: 'foundPet.nowVet',
  shelter: 'foundPet.nowShelter',
};

// The colours in running text, lower case where the language writes them so ('brown and white').
const COLOUR_IN_TEXT_KEYS: Record<FoundColor, StringKey> = {
  black: 'matches.colourBlack',
  white: 'matches.colourWhite',
  brown: 'matches.colourBrown',
  tan: 'matches.colourTan',
  golden: 'matches.colourGolden',
  grey: 'matches.colourGrey',
  orange: 'matches.colourOrange',
  cream: 'matches.colourCream',
  'multi-colour': 'matches.colourMulti',
};

// Homeward writes British English: 'black, tan and white', without the serial comma.
const listLocale = (language: Language) => (language === 'en' ? 'en-GB' : language);

/**
 * A found pet's colours as one phrase of `language` ('brown and white', 'braun und weiß'); empty
 * for none. 'multi-colour' says nothing more once the colours themselves are named.
 */
export function colourPhrase(colours: readonly FoundColor[], language: Language, t: Translate) {
  const plain = colours.filter((colour) => colour !== 'multi-colour');
  const named = (plain.length > 0 ? plain : colours).map((colour) => t(COLOUR_IN_TEXT_KEYS[colour]));
  return named.length > 0 ? new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(named) : '';
}

/** A found pet's colours by their names ('Brown and White', '棕色和白色'), listed as `language` lists. */
export const colourNames = (colours: readonly FoundColor[], language: Language, t: Translate) =>
  new Intl.ListFormat(listLocale(language), { type: 'conjunction' }).format(
    colours.map((colour) => t(COLOR_KEYS[colour])),
  );
