import { api } from '@/lib/api-client';

/**
 * Tells the server the app's scan page was opened, for the owners' Recent Scans and the alert of a
 * missing pet's scan. The server skips the pet's own owners; a failure only loses one log line.
 */
export function recordScan(petId: string) {
  void api.post<void>(`/api/pets/${petId}/scans`).catch(() => undefined);
}
