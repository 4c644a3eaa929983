/**
 * A tag's small picture beside its name (the checkout summary, an order's items). Decorative: the
 * name beside it says what it is.
 */
export function ProductThumbnail({ src }: { src: string }) {
  return (
    <img src={src} alt="" className="size-16 shrink-0 rounded-md bg-muted object-contain p-1" width={64} height={64} />
  );
}
