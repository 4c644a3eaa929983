// Alone in its file: the owners' profile and the finder's conversation page link here, and neither
// needs the rest of the found reports' contract (found-report-schema.ts, with its validation library).

/** The public page of a found pet (a found report), rendered by the server. */
export const foundPetPath = (id: string) => `/found-pet/${id}`;
