/** What the owner may change on the poster; kept in the page only, never saved (spec section 3). */
export interface PosterCustomization {
  title: string;
  reward: string;
  additionalInfo: string;
}

export const DEFAULT_CUSTOMIZATION: PosterCustomization = { title: 'MISSING PET', reward: '', additionalInfo: '' };
