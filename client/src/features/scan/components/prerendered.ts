import type { PublicPet } from '@/api/pets';
import { readPrerenderData } from '@/lib/prerender-data';

export { removePrerender } from '@/lib/prerender-data';

// The server renders a finder's first visit to /scan/{id} as plain HTML (the page is readable and
// the Call Owner link works before any script arrives) and embeds the pet it rendered.
export const readPrerenderedPet = () => readPrerenderData<PublicPet>();
