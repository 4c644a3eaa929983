import { Fragment } from 'react';

// A tear-off tab is a narrow strip turned on its side: its text runs along the tab's height. The
// phone number is what a finder tears a tab off for, so it gets the largest type that fits: on one
// line when that line is still large, otherwise wrapped at its spaces (never inside '123-4567') in
// larger type. The name comes second, never larger than the number. Nothing is clipped, in the
// preview, the downloaded PNG and print alike (the poster's units scale with its width, so one size
// fits all three). Sizes are in poster widths (cqw).

/** How long a line may run along the tab (its height, less a margin at each end). */
const TAB_LINE_LENGTH = 13.5;
/** How much room the lines have across the tab (its width, less a margin), for the number and the name. */
const TAB_ACROSS = 11;
const GAP = 0.3;
const LINE_HEIGHT = 1.2;
// A character of the poster's sans-serif type is at most this wide, in ems (digits are ~0.56).
const CHARACTER_WIDTH = 0.62;
const PHONE_MAX = 2.4;
// Below this the number wraps rather than stay on one line in small type (about 9 pt on paper).
const ONE_LINE_MIN = 1.4;
// A wrapped number must be worth it: each extra line counts as this much smaller type.
const EXTRA_LINE_COST = 0.25;
const PHONE_ROOM = 8;
const NAME_MAX = 2;
const MIN_SIZE = 0.7;
const STEP = 0.05;

/** Words packed into lines of at most `perLine` characters; undefined if a word alone is longer. */
function packWords(words: string[], perLine: number): string[] | undefined {
  const lines: string[] = [];
  for (const word of words) {
    if (word.length > perLine) return undefined;
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

interface Fit {
  size: number;
  lines: number;
}

/** Each size, largest first, at which `text` fits in `room` across, wrapped at its spaces. */
function* fits(text: string, max: number, room: number): Generator<Fit> {
  const words = text.split(/\s+/).filter(Boolean);
  for (let size = max; size >= MIN_SIZE; size = Math.round((size - STEP) * 100) / 100) {
    const lines = packWords(words, Math.floor(TAB_LINE_LENGTH / (size * CHARACTER_WIDTH)));
    if (lines && lines.length * size * LINE_HEIGHT <= room) yield { size, lines: lines.length };
  }
}

/** The number's type: one line if large enough, else the wrapping that gives the largest type. */
function phoneFit(phone: string): Fit | undefined {
  let best: Fit | undefined;
  for (const fit of fits(phone, PHONE_MAX, PHONE_ROOM)) {
    if (fit.lines === 1 && fit.size >= ONE_LINE_MIN) return fit;
    const score = (f: Fit) => f.size - EXTRA_LINE_COST * (f.lines - 1);
    if (!best || score(fit) > score(best)) best = fit;
  }
  return best;
}

/** Type that fits (a word too long for any line wraps at any character, in the smallest type). */
const typeOf = (fit: Fit | undefined) =>
  fit
    ? { fontSize: `${fit.size}cqw`, lineHeight: LINE_HEIGHT }
    : ({ fontSize: `${MIN_SIZE}cqw`, lineHeight: LINE_HEIGHT, overflowWrap: 'anywhere' } as const);

/** The tab's type: the number's first, then the name's in the room left. */
function tabType(name: string, phone: string) {
  const phoneType = phoneFit(phone);
  const phoneSize = phoneType?.size ?? MIN_SIZE;
  const phoneHeight = phoneType ? phoneType.size * LINE_HEIGHT * phoneType.lines : PHONE_ROOM;
  const nameMax = Math.max(MIN_SIZE, Math.min(NAME_MAX, phoneSize * 0.85));
  const nameType = fits(name, nameMax, Math.max(TAB_ACROSS - phoneHeight - GAP, MIN_SIZE * LINE_HEIGHT)).next().value;
  return { name: typeOf(nameType), phone: typeOf(phoneType) };
}

export function TearOffTab({ name, phone }: { name: string; phone: string }) {
  const type = tabType(name, phone);
  return (
    <div
      data-testid="tear-off-tab"
      className="relative flex-1 overflow-hidden border-[#6b7280] border-r-[0.25cqw] border-dashed last:border-r-0"
    >
      {/* Turned on its side, as on a paper tab: html2canvas draws transforms, but not writing-mode. */}
      <div className="absolute top-1/2 left-1/2 flex h-[12cqw] w-[14cqw] [transform:translate(-50%,-50%)_rotate(90deg)] flex-col items-center justify-center gap-[0.3cqw] text-center">
        <span className="w-full font-bold" style={type.name}>
          {name}
        </span>
        <span data-testid="tab-phone" className="w-full" style={type.phone}>
          {/* Each word kept whole: the number wraps only at its spaces. */}
          {phone.split(' ').map((word, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of one number, in order.
            <Fragment key={i}>
              {i > 0 && ' '}
              <span className="whitespace-nowrap">{word}</span>
            </Fragment>
          ))}
        </span>
      </div>
    </div>
  );
}
