// The signed-in layout's frame and page area, shared by the layout and by a public page that gains
// the layout's bars without being mounted inside it (routes.tsx): a file of its own, so that the
// finder's route does not download the layout to know them.
export const LAYOUT_FRAME = 'min-h-dvh bg-background text-foreground';
export const LAYOUT_MAIN = 'mx-auto max-w-6xl px-4 pt-6 pb-28 md:pb-10';
