/**
 * What every push alert carries, as the server sends it and the service worker (client/src/sw.ts)
 * shows it: a title and a line, and the page of the app that tapping it opens.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}
