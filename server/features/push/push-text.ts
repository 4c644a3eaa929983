import { oneLine, shortened } from '../../lib/one-line';

// Notification banners cut long text anyway; a bounded message also stays far below the 4 KB a
// push service accepts, whatever a finder typed.
const TITLE_MAX = 100;
const BODY_MAX = 240;

const cut = (text: string, max: number) => shortened(oneLine(text), max);

/** An alert's title and body on one line each, cut to what a notification banner shows. */
export const cutForPush = {
  title: (text: string) => cut(text, TITLE_MAX),
  body: (text: string) => cut(text, BODY_MAX),
};
