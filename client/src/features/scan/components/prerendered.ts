import type { PublicPet } from '@/api/pets';

// The server renders a finder's first visit to /scan/{id} as plain HTML (the page is readable and
// the Call Owner link works before any script arrives) and embeds the pet it rendered. The
// finder's entry starts from that pet instead of asking again, then replaces the copy.

const PRERENDER_ID = 'prerender';
const DATA_ID = 'prerender-data';

export function readPrerenderedPet(): PublicPet | undefined {
  const data = document.getElementById(DATA_ID)?.textContent;
  if (!data) return undefined;
  try {
    return JSON.parse(data) as PublicPet;
  } catch {
    return undefined;
  }
}

export function removePrerender() {
  document.getElementById(PRERENDER_ID)?.remove();
  document.getElementById(DATA_ID)?.remove();
}
