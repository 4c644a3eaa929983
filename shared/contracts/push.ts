/**
 * What every push alert carries, as the server sends it and the service worker (client/src/sw.ts)
 * shows it: a title and a line, and the page of the app that tapping it opens.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/**
 * What the service worker tells the app's open windows when an alert arrives, so that an open page
 * shows what the alert tells of (a report, a sighting, a match) without being reloaded.
 */
export const ALERT_ARRIVED = 'homeward:alert-arrived';
