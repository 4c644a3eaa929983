import { useEffect } from 'react';
import ScanPage from '@/features/scan/components/scan-page';
import { listenForSightingLinks } from '@/features/sightings/sighting-link';

/**
 * /scan/{id} in the app (a signed-in visitor's): the scan feature's page, whose 'I Saw This Pet'
 * opens the sightings feature's dialog while it is shown, as on the server's page (its code and its
 * map fetched on the tap).
 */
export default function ScanRoute() {
  useEffect(listenForSightingLinks, []);
  return <ScanPage />;
}
