import { TIME_ZONE_URL } from '@shared/contracts/account';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';

const toldKey = (userId: string) => `homeward:time-zone:${userId}`;

// Storage may be refused (a private window, a full disk): the zone is then told on each visit.
function told(userId: string) {
  try {
    return localStorage.getItem(toldKey(userId));
  } catch {
    return null;
  }
}

function remember(userId: string, zone: string) {
  try {
    localStorage.setItem(toldKey(userId), zone);
  } catch {}
}

/**
 * Tells the server this browser's time zone when it is not the one last told for the account, so
 * that the owner's e-mails give times in it ('6:25 AM PST') rather than in UTC. Once per change:
 * the browser remembers what it told.
 */
export function useTellTimeZone(userId: string | undefined) {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!userId || !zone || told(userId) === zone) return;
    apiRequest('PUT', TIME_ZONE_URL, { timeZone: zone }).then(
      () => remember(userId, zone),
      // Told on the next visit instead: until then the e-mails say UTC, as they did.
      () => undefined,
    );
  }, [userId]);
}
