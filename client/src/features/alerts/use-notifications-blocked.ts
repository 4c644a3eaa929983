import { useSyncExternalStore } from 'react';
import { notificationsBlocked } from './browser-push';

/**
 * Tells React when the person may have changed the notification permission: the browser says so
 * (Permissions API), or, where it cannot, the page comes back into view from its settings.
 */
function onPermissionChange(changed: () => void) {
  let status: PermissionStatus | undefined;
  let unsubscribed = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((found) => {
      if (unsubscribed) return;
      status = found;
      status.addEventListener('change', changed);
    })
    .catch(() => {});
  document.addEventListener('visibilitychange', changed);
  window.addEventListener('focus', changed);
  return () => {
    unsubscribed = true;
    status?.removeEventListener('change', changed);
    document.removeEventListener('visibilitychange', changed);
    window.removeEventListener('focus', changed);
  };
}

/** Whether this browser blocks Homeward's notifications, kept current without a reload. */
export const useNotificationsBlocked = () => useSyncExternalStore(onPermissionChange, notificationsBlocked);
