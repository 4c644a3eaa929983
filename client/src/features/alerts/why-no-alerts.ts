import { errorMessage } from '@/lib/api-client';

// Why alerts could not be turned on for this device, in words a person can act on: the dashboard's
// switch and a watch area's push choice say the same.

/** An iPhone or iPad shows alerts only from Homeward on its Home Screen. */
export const HOME_SCREEN_NEEDED =
  'To get alerts on this iPhone or iPad, add Homeward to your Home Screen (Share, then Add to Home Screen) and open it from there.';

/** The browser has no push at all (no service worker, PushManager or notifications). */
export const PUSH_UNSUPPORTED = 'This browser cannot receive push alerts.';

/** The person said no to the browser's question, or dismissed it. */
export const NOTIFICATIONS_NOT_ALLOWED = 'This browser did not allow notifications for Homeward.';

/**
 * What went wrong while turning alerts on or off. The browser's own failures read like
 * 'Registration failed - permission denied' (a browser that keeps push messages off, or blocks
 * them for this site) and 'Registration failed - push service error' (its push service is out of
 * reach); the server's answers keep its sentence.
 */
export function alertsFailureText(error: unknown) {
  if (!(error instanceof DOMException)) return errorMessage(error);
  if (error.name === 'NotAllowedError')
    return 'This browser did not allow alerts for Homeward. Allow notifications for this site in the browser’s settings (some browsers, such as Brave, also need push messaging switched on there), then try again.';
  if (error.name === 'AbortError')
    return 'This browser could not reach its alert service. Check your connection and try again.';
  return 'Please try again.';
}
