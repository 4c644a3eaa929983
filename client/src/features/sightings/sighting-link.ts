// 'I Saw This Pet' on the scan page is a link to the form that works without scripts. With scripts,
// a tap opens the dialog instead; its code (and its words) are fetched only then, so the scan page's
// first download carries nothing of it but this listener.

const LINK = 'a[data-sighting-dialog]';

function openDialogOnTap(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(LINK);
  if (!link) return;
  event.preventDefault();
  link.setAttribute('aria-busy', 'true');
  import('./components/sighting-dialog')
    .then((dialog) => dialog.openSightingDialog(link))
    // No code, no dialog: the form without scripts is as good.
    .catch(() => window.location.assign(link.href))
    .finally(() => link.removeAttribute('aria-busy'));
}

/**
 * Listens for taps on 'I Saw This Pet' links: for the page's whole life on the server's pages, while
 * the scan page is shown in the app (which calls the returned function when it leaves).
 */
export function listenForSightingLinks() {
  document.addEventListener('click', openDialogOnTap);
  return () => document.removeEventListener('click', openDialogOnTap);
}
