// Alone in its file: the scan page links here, and its first download must not carry the rest of
// the sightings' contract (sightings.ts).

/** The path of a pet's 'I Saw This Pet' page, which works without scripts. */
export const sightingFormPath = (petId: string) => `/scan/${petId}/seen`;
