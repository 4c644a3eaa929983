// A tear-off tab is a narrow strip turned on its side: its text runs along the tab's height. The
// type is sized from the text's length so that the whole phone number always shows on one line and
// the name wraps rather than clips, in the preview, the downloaded PNG and print alike (the poster's
// units scale with its width, so one size fits all three). Sizes are in poster widths (cqw).

/** How long a line may run along the tab (its height, less a margin at each end). */
export const TAB_LINE_LENGTH = 13.5;
const PHONE_SIZE = 1.9;
const NAME_SIZE = 2;
// A character of the poster's sans-serif type is at most this wide, in ems (digits are ~0.56).
const CHARACTER_WIDTH = 0.62;

/** The largest type, up to `size`, at which `characters` fit on one line of the tab. */
export const fittedSize = (characters: number, size: number) =>
  Math.min(size, TAB_LINE_LENGTH / (Math.max(characters, 1) * CHARACTER_WIDTH));

// A name longer than one line wraps (up to about four lines, more for the longest): it may get
// smaller, never clipped.
const nameSize = (name: string) => Math.max(fittedSize(name.length / 4, NAME_SIZE), 0.7);

/**
 * A phone number stays on one line while its type can stay readable; a longer one (the form takes
 * up to 200 characters) wraps at any character instead of shrinking to nothing.
 */
function phoneType(phone: string) {
  const oneLine = fittedSize(phone.length, PHONE_SIZE);
  if (oneLine >= 1) return { fontSize: `${oneLine}cqw`, whiteSpace: 'nowrap' } as const;
  return { fontSize: `${Math.max(fittedSize(phone.length / 4, 1), 0.7)}cqw`, overflowWrap: 'anywhere' } as const;
}

export function TearOffTab({ name, phone }: { name: string; phone: string }) {
  return (
    <div
      data-testid="tear-off-tab"
      className="relative flex-1 overflow-hidden border-[#6b7280] border-r-[0.25cqw] border-dashed last:border-r-0"
    >
      {/* Turned on its side, as on a paper tab: html2canvas draws transforms, but not writing-mode. */}
      <div className="absolute top-1/2 left-1/2 flex h-[12cqw] w-[14cqw] [transform:translate(-50%,-50%)_rotate(90deg)] flex-col items-center justify-center gap-[0.3cqw] text-center leading-[1.2]">
        <span className="w-full font-bold" style={{ fontSize: `${nameSize(name)}cqw` }}>
          {name}
        </span>
        <span data-testid="tab-phone" className="w-full" style={phoneType(phone)}>
          {phone}
        </span>
      </div>
    </div>
  );
}
