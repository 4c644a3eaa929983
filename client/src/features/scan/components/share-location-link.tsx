import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { shareLocationPath } from './share-location-path';

/** Opens the Share Location dialog when the page loads (Try Again after a failed download sets it). */
export const SHARE_LOCATION_HASH = '#share-location';

interface ShareLocationLinkProps {
  petId: string;
  /**
   * Opens the dialog: the app's. The server's page, read without scripts, has none and stays a plain
   * link (a button role there would promise a Space key that does nothing).
   */
  onOpen?: () => void;
  onIntent?: () => void;
  /** The dialog's code is on its way: the link shows it is working on the tap. */
  pending?: boolean;
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
  className?: string;
}

/**
 * Opens the Share Location dialog. A link to the server-rendered form, so that without scripts (or
 * before they arrive) a tap still leads somewhere a finder can report from; a button once the app runs.
 */
export function ShareLocationLink({
  petId,
  onOpen,
  onIntent,
  pending,
  ref,
  children,
  ...slotProps
}: ShareLocationLinkProps) {
  // Hydrating the server's page, the first render is the server's, a plain link: it turns into a
  // button once hydrated (its taps open the dialog from the start).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <a
      {...slotProps}
      ref={ref}
      href={shareLocationPath(petId)}
      role={onOpen && hydrated ? 'button' : undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (!onOpen) return;
        event.preventDefault();
        onOpen();
      }}
      onKeyDown={(event) => {
        if (!onOpen || event.key !== ' ') return;
        event.preventDefault();
        onOpen();
      }}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {children}
    </a>
  );
}
