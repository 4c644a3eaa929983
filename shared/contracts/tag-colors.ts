// Kept here rather than imported from ../schema: the checkout form and the order pages run in the
// browser, and the schema module would pull the whole database layer into the client bundle. Apart
// from the checkout contract too, so that an order page showing a color does not load zod.
export const TAG_COLORS = ['silver', 'gold', 'black', 'blue', 'red', 'pink'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

/** A tag color as people read it: stored 'black', shown 'Black'. */
export const tagColorName = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);
