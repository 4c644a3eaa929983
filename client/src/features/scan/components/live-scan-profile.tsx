import { lazy, type Ref, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PublicPet } from '@/api/pets';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadError } from '@/components/load-error';
import { useI18n } from '@/lib/i18n';
import { ConversationHint, OpenConversationLink } from './conversation-link';
import { ScanProfile } from './scan-view';
import { SHARE_LOCATION_HASH } from './share-location-link';
import { shareLocationPath } from './share-location-path';

// The report dialog's code is fetched when the finder reaches for Share Location (pointer over it,
// focus, touch), so the page's first download stays small.
let dialogLoaded = false;
const loadShareLocationDialog = () =>
  import('./share-location-dialog').then((module) => {
    dialogLoaded = true;
    return module;
  });
const ShareLocationDialog = lazy(loadShareLocationDialog);

/**
 * A tap while the dialog's code is still on its way shows a spinner at once; should the code take
 * longer than this, the finder is taken to the server-rendered form instead of waiting on.
 */
const FALLBACK_TO_FORM_MS = 4000;

/**
 * After the dialog's report: where the finder reads the owner's replies. The dialog hands the focus
 * here when it closes, which brings it into view on a phone scrolled far below it and has it read
 * out; it stays until the finder closes it, unlike the toast.
 */
function ConversationNotice({ path, ref, onClose }: { path: string; ref: Ref<HTMLDivElement>; onClose: () => void }) {
  const { t } = useI18n();
  const heading = useId();
  return (
    <div
      ref={ref}
      role="status"
      aria-labelledby={heading}
      tabIndex={-1}
      className="grid scroll-mt-4 gap-2 rounded-2xl border bg-card p-4 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={heading} className="font-semibold">
          {t('scan.reportSent')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-m-2 rounded-md p-2 text-muted-foreground text-sm underline underline-offset-4 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('common.close')}
        </button>
      </div>
      <ConversationHint />
      <OpenConversationLink path={path} />
    </div>
  );
}

/** The scan page's pet with its Share Location dialog wired up: what both client entries show. */
export function LiveScanProfile({ pet }: { pet: PublicPet }) {
  const { t } = useI18n();
  const [conversationPath, setConversationPath] = useState<string | null>(null);
  const [dialogRequested, setDialogRequested] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  // A tap on Share Location in the server-rendered copy, before the app took over, left this hash.
  // Read after the commit that removed that copy: a tap cannot arrive later, but may arrive while
  // this component was rendering.
  useEffect(() => {
    if (window.location.hash !== SHARE_LOCATION_HASH) return;
    setDialogRequested(true);
    setDialogOpen(true);
  }, []);
  const shareLocationButton = useRef<HTMLAnchorElement>(null);
  const conversationNotice = useRef<HTMLDivElement>(null);
  const [dialogPending, setDialogPending] = useState(false);

  const openDialog = () => {
    setDialogRequested(true);
    setDialogOpen(true);
    if (dialogLoaded) return;
    setDialogPending(true);
    const fallback = setTimeout(() => window.location.assign(shareLocationPath(pet.id)), FALLBACK_TO_FORM_MS);
    // A failed download is the error boundary's to report (below); either way the wait is over.
    loadShareLocationDialog()
      .catch(() => {})
      .finally(() => {
        clearTimeout(fallback);
        setDialogPending(false);
      });
  };

  const onOpenChange = (open: boolean) => {
    setDialogOpen(open);
    if (!open && window.location.hash === SHARE_LOCATION_HASH) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  };

  return (
    <>
      {conversationPath && (
        <ConversationNotice
          path={conversationPath}
          ref={conversationNotice}
          onClose={() => {
            setConversationPath(null);
            shareLocationButton.current?.focus();
          }}
        />
      )}
      <ScanProfile
        pet={pet}
        onShareLocation={openDialog}
        // Only a warm-up: if it fails, opening the dialog reports it.
        onIntent={() => loadShareLocationDialog().catch(() => {})}
        shareLocationRef={shareLocationButton}
        shareLocationPending={dialogPending}
      />
      {dialogRequested && (
        <ErrorBoundary
          fallback={
            // Below the pet's details: brought into view, as the finder tapped far above it.
            <div ref={(element) => element?.scrollIntoView({ block: 'center' })}>
              <LoadError
                title={t('scan.dialogNotLoaded')}
                words={{ checkConnection: t('common.checkConnection'), tryAgain: t('common.tryAgain') }}
                onRetry={() => {
                  // The page comes back with the form open (see the hash check above).
                  history.replaceState(null, '', SHARE_LOCATION_HASH);
                  window.location.reload();
                }}
              />
            </div>
          }
        >
          <Suspense fallback={null}>
            <ShareLocationDialog
              pet={pet}
              open={dialogOpen}
              onOpenChange={onOpenChange}
              // Once a report is sent, its notice takes the focus (rendered before the dialog closes).
              returnFocusTo={conversationPath ? conversationNotice : shareLocationButton}
              onSent={(report) => setConversationPath(report.conversationPath)}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
