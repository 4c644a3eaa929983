import type { ReactNode, Ref } from 'react';

/** Share Location is a link to this fragment, so a tap works even before the app's script has loaded. */
export const SHARE_LOCATION_HASH = '#share-location';

interface ShareLocationLinkProps {
  onOpen: () => void;
  onIntent: () => void;
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
  className?: string;
}

/** Opens the Share Location dialog: a link, so that it works in the server-rendered page before any script. */
export function ShareLocationLink({ onOpen, onIntent, ref, children, ...slotProps }: ShareLocationLinkProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a link, so that it works in the server-rendered page before any script; it acts as a button once the app runs
    <a
      {...slotProps}
      ref={ref}
      href={SHARE_LOCATION_HASH}
      role="button"
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
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
