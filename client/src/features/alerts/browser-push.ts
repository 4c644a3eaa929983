// This browser's side of Web Push: the service worker, the permission and the push subscription.

/** Whether this browser can show alerts; an iPhone or iPad can only once Homeward is on its Home Screen. */
export type PushAvailability = 'available' | 'needs-home-screen' | 'unavailable';

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

const isInstalled = () =>
  matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export function pushAvailability(): PushAvailability {
  if (isAppleMobile() && !isInstalled()) return 'needs-home-screen';
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return supported ? 'available' : 'unavailable';
}

/**
 * Whether this browser blocks Homeward's notifications (the person said no, or its settings do): no
 * push can reach it until they are allowed in the browser's settings.
 */
export const notificationsBlocked = () => 'Notification' in window && Notification.permission === 'denied';

// The build writes the worker to /sw.js; `npm run dev` serves it from its source, as a module.
const WORKER = import.meta.env.DEV
  ? { url: '/dev-sw.js?dev-sw', type: 'module' as const }
  : { url: '/sw.js', type: 'classic' as const };

/** This browser's subscription, if it has one (nothing is registered before alerts are first turned on). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function madeWith(subscription: PushSubscription, key: Uint8Array) {
  const used = subscription.options.applicationServerKey;
  return used !== null && new Uint8Array(used).every((byte, i) => byte === key[i]) && used.byteLength === key.length;
}

/**
 * Asks for permission (first, while the click still counts as the person's), registers the worker
 * and subscribes with the server's key. 'denied' when the person or the browser said no.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  await navigator.serviceWorker.register(WORKER.url, { type: WORKER.type, scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && madeWith(existing, key)) return existing;
  // One made with another key (the server's keys were replaced) would never receive: start anew.
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
