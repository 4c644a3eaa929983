/** The widths an uploaded photo is served in (at most, on its longer side): the photo itself, and the lists' thumbnail. */
export const PHOTO_WIDTHS = { full: 800, thumbnail: 160 } as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[keyof typeof PHOTO_WIDTHS];

/**
 * The `srcset` of a pet's photo: an uploaded one comes in both widths (`&size=160` asks for the
 * thumbnail), so a small avatar downloads only that; a link the owner gave has only itself.
 */
export function photoSrcSet(photoUrl: string): string | undefined {
  if (!photoUrl.startsWith('/api/pets/')) return undefined;
  const { full, thumbnail } = PHOTO_WIDTHS;
  return `${photoUrl}&size=${thumbnail} ${thumbnail}w, ${photoUrl} ${full}w`;
}
