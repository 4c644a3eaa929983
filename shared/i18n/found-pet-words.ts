import type { FoundColor, FoundSex, FoundSize, WhereNow } from '../contracts/found-report-schema';
import type { StringKey } from './strings';

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
