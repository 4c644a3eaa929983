/// <reference lib="webworker" />
// The installable app's service worker. It shows the alerts the server pushes and opens their
// links, nothing else: with no fetch handler every page (the finder's scan page above all) comes
// straight from the network, and nothing is cached here.

import { ALERT_ARRIVED, type PushMessage } from '@shared/contracts/push';

// The project's one TypeScript program also types the pages (DOM), whose `self` is a Window.
const worker = self as unknown as ServiceWorkerGlobalScope;

/** An alert as the server sends it; one from an older server may lack its line or its link. */
type Alert = Pick<PushMessage, 'title'> & Partial<PushMessage>;

function readAlert(data: PushMessageData | null): Alert {
  try {
    const alert = data?.json() as Partial<Alert> | undefined;
    if (typeof alert?.title === 'string') return alert as Alert;
  } catch {}
  // A push must always show something; one that cannot be read still says where to look.
  return { title: 'Homeward', body: 'Open Homeward to see what happened.' };
}

/** Only links into this app are opened: anything else opens the dashboard. */
function inApp(url: unknown) {
  const fallback = new URL('/', worker.location.origin);
  if (typeof url !== 'string' || !URL.canParse(url, worker.location.origin)) return fallback;
  const target = new URL(url, worker.location.origin);
  return target.origin === worker.location.origin ? target : fallback;
}

async function openAlert(url: URL) {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    try {
      const focused = await open.focus();
      await focused.navigate(url.href);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: open the report beside it.
    }
  }
  await worker.clients.openWindow(url.href);
}

// A new version takes over at once: it only shows alerts, so nothing can be half-updated.
worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

/** The app's open windows hear of an alert: their pages show what it tells of (see ALERT_ARRIVED). */
async function tellOpenWindows() {
  for (const window of await worker.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    window.postMessage({ type: ALERT_ARRIVED });
}

worker.addEventListener('push', (event) => {
  const alert = readAlert(event.data);
  event.waitUntil(
    Promise.all([
      worker.registration.showNotification(alert.title, {
        body: alert.body,
        icon: '/icons/icon-192.png',
        lang: 'en',
        data: { url: inApp(alert.url).href },
      }),
      tellOpenWindows(),
    ]),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAlert(inApp(event.notification.data?.url)));
});
