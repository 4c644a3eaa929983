import { api } from '@/lib/api-client';

// The page a visit was last recorded for, and when. The scan page can be mounted twice in one visit
// (first signed out, then in the signed-in layout, with an instant of both between them on a slow
// phone); both copies ask, and this counts the visit once.
let last: { petId: string; href: string; at: number } | undefined;
const SAME_VISIT_MS = 10_000;

/**
 * Tells the server the app's scan page was opened, for the owners' Recent Scans and the alert of a
 * missing pet's scan, once per visit. The server skips the pet's own owners; a failure only loses
 * one log line.
 */
export function recordScan(petId: string) {
  const now = Date.now();
  const href = window.location.href;
  if (last && last.petId === petId && last.href === href && now - last.at < SAME_VISIT_MS) return;
  last = { petId, href, at: now };
  void api.post<void>(`/api/pets/${petId}/scans`).catch(() => undefined);
}
