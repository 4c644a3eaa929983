import { photoSrcSet } from '@shared/contracts/photos';
import type { PublicPet } from '@/api/pets';
import { cn } from '@/lib/cn';

const sizes = {
  md: 'size-16 text-2xl',
  lg: 'size-28 text-5xl sm:size-32',
} as const;
// The same boxes in CSS pixels, so the browser picks the smallest photo that is sharp at that size.
const displayedWidths = {
  md: '64px',
  lg: '(min-width: 640px) 128px, 112px',
} as const;

/** The pet's round photo, or the first letter of its name when there is none. */
export function PetAvatar({
  pet,
  size = 'md',
  alt = '',
}: {
  pet: Pick<PublicPet, 'name' | 'photoUrl'>;
  size?: keyof typeof sizes;
  /** Empty where the name is written right beside the photo. */
  alt?: string;
}) {
  const box = cn('shrink-0 rounded-full', sizes[size]);
  if (pet.photoUrl)
    return (
      <img
        src={pet.photoUrl}
        srcSet={photoSrcSet(pet.photoUrl)}
        sizes={displayedWidths[size]}
        alt={alt}
        className={cn(box, 'object-cover')}
      />
    );
  return (
    <div
      aria-hidden="true"
      className={cn(box, 'flex items-center justify-center bg-accent font-bold text-accent-foreground')}
    >
      {pet.name.charAt(0).toUpperCase()}
    </div>
  );
}
