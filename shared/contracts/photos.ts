/**
 * The widths an uploaded photo is served in (at most, on its longer side): the photo itself, a
 * copy for the scan page's round photo on a phone (144 CSS px at 2 device pixels each), and the
 * lists' thumbnail.
 */
export const PHOTO_WIDTHS = { full: 800, medium: 320, thumbnail: 160 } as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[keyof typeof PHOTO_WIDTHS];

/**
 * The `srcset` of a pet's photo: an uploaded one comes in every width (`&size=160` asks for the
 * thumbnail), so a small avatar or a phone downloads only what it shows; a link the owner gave has
 * only itself.
 */
export function photoSrcSet(photoUrl: string): string | undefined {
  if (!photoUrl.startsWith('/api/pets/')) return undefined;
  const { full, medium, thumbnail } = PHOTO_WIDTHS;
  return `${photoUrl}&size=${thumbnail} ${thumbnail}w, ${photoUrl}&size=${medium} ${medium}w, ${photoUrl} ${full}w`;
}
