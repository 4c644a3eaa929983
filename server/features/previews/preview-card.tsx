import type { ReactElement, ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import type { FoundReportStatus } from '../../../shared/contracts/found-report-schema';
import type { FoundPreview, PetPreview } from '../../../shared/contracts/previews';
import type { Language } from '../../../shared/i18n/languages';
import { canDraw, FIRST_CJK, fontsFor } from './card-fonts';
import { type FoundCardWords, foundCardWords } from './found-card-words';
import { type PetPreviewWords, petPreviewWords } from './pet-preview-words';

/** The size Facebook, WhatsApp, Slack and X all show whole. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_TYPE = 'image/jpeg';

// The fonts have no emoji, nor every script: drawn, each would be the font's empty box. 'Bella 🐶'
// is drawn 'Bella', 'Bella שוקו' too (see canDraw).
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/gu;
const drawable = (text: string) =>
  Array.from(text.replace(EMOJI, '')).filter(canDraw).join('').replace(/\s+/g, ' ').trim();

const RED = '#dc2626';
const GREEN = '#16a34a';
const BLUE = '#1d4ed8';
const INK = '#111827';
const MUTED = '#4b5563';
// The words' column's side padding, and the badge's own.
const COLUMN_PADDING = 48;
const BADGE_PADDING = 20;
const BADGE_LETTER_SPACING = 2;

/** The photo cut to the card's square, as a data URL; undefined when its bytes cannot be read. */
export async function squarePhoto(bytes: Buffer): Promise<string | undefined> {
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: 4096 * 4096 })
      .resize(CARD_HEIGHT, CARD_HEIGHT, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return undefined;
  }
}

// A word longer than the line (a place typed without spaces) breaks rather than widen the column.
const clamp = (lines: number) =>
  ({ display: 'block', lineClamp: lines, overflow: 'hidden', wordBreak: 'break-word' }) as const;

/**
 * Every card's frame: the photo (or a big letter) on the left, the words on the right under a
 * coloured badge, and Homeward at the foot.
 */
function CardFrame({
  family,
  photo,
  initial,
  badge,
  children,
  foot,
}: {
  family: string;
  photo: string | undefined;
  initial: string;
  badge: { text: string; colour: string; size: number };
  children: ReactNode;
  foot: ReactNode;
}) {
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: 'flex',
        background: '#ffffff',
        fontFamily: family,
      }}
    >
      {photo ? (
        <img src={photo} width={CARD_HEIGHT} height={CARD_HEIGHT} alt="" style={{ flexShrink: 0 }} />
      ) : (
        <div
          style={{
            width: CARD_HEIGHT,
            height: CARD_HEIGHT,
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#f3f4f6',
            color: '#9ca3af',
            fontSize: 280,
            fontWeight: 700,
          }}
        >
          {initial}
        </div>
      )}
      <div
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          padding: `44px ${COLUMN_PADDING}px`,
          color: INK,
          // Set, not the font's own: a Chinese font's lines are taller than Inter's, and pushed the
          // name out of the card's height.
          lineHeight: 1.2,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignSelf: 'flex-start',
            padding: `4px ${BADGE_PADDING}px`,
            borderRadius: 12,
            background: badge.colour,
            color: '#ffffff',
            fontSize: badge.size,
            lineHeight: 1.15,
            fontWeight: 900,
            letterSpacing: BADGE_LETTER_SPACING,
          }}
        >
          {badge.text}
        </div>
        {children}
        <div style={{ display: 'flex', flexDirection: 'column', marginTop: 'auto', fontSize: 26, color: MUTED }}>
          {foot}
          <div style={{ display: 'flex', fontWeight: 700, color: INK }}>Homeward</div>
        </div>
      </div>
    </div>
  );
}

/** A place and a day under a small heading ('LAST SEEN', 'FOUND'); nothing when neither is known. */
function PlaceAndDay({
  heading,
  colour,
  where,
  when,
}: {
  heading: string;
  colour: string;
  where: string;
  when: string;
}) {
  if (!where && !when) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', marginTop: 28 }}>
      <div style={{ fontSize: 24, fontWeight: 700, color: colour, letterSpacing: 1 }}>{heading}</div>
      {where && <div style={{ ...clamp(2), fontSize: 32, lineHeight: 1.2 }}>{where}</div>}
      {when && <div style={{ ...clamp(1), fontSize: 28, color: MUTED }}>{when}</div>}
    </div>
  );
}

function PetCard({
  pet,
  words,
  badge,
  photo,
  family,
}: {
  pet: PetPreview;
  words: PetPreviewWords;
  badge: { text: string; colour: string; size: number };
  photo: string | undefined;
  family: string;
}) {
  const name = drawable(pet.name);
  return (
    <CardFrame
      family={family}
      photo={photo}
      initial={Array.from(name)[0]?.toUpperCase() ?? ''}
      badge={badge}
      foot={
        <div style={{ display: 'flex' }}>
          {words.tagCode}
          <span style={{ marginLeft: 10, fontWeight: 700, color: INK }}>{pet.tagCode}</span>
        </div>
      }
    >
      <div style={{ ...clamp(2), marginTop: 24, fontSize: 60, fontWeight: 700, lineHeight: 1.1 }}>{name}</div>
      <div style={{ ...clamp(1), marginTop: 8, fontSize: 30, color: MUTED }}>{drawable(words.kind)}</div>
      {pet.isMissing ? (
        <PlaceAndDay heading={words.heading} colour={RED} where={drawable(words.where)} when={drawable(words.when)} />
      ) : (
        <div style={{ marginTop: 28, fontSize: 32 }}>{words.safe}</div>
      )}
    </CardFrame>
  );
}

/** The badge's colour and its largest size, by what became of the found pet: the words are its language's. */
const FOUND_BADGES: Record<FoundReportStatus, { colour: string; size: number }> = {
  open: { colour: BLUE, size: 80 },
  expired: { colour: BLUE, size: 80 },
  reunited: { colour: GREEN, size: 64 },
  shelter: { colour: BLUE, size: 56 },
};

// The badge's words take one line in the words' column (its width less the column's and the
// badge's padding) at the size that fits, up to the badge's own: a word longer in another language
// ('WIEDER VEREINT') is drawn smaller rather than wrapped or cut. A character takes a little more of
// the size than Inter Black's capitals do (0.6 to 0.8 of it, M and W about 1, a space 0.2), an
// ideograph all of it, and each its letter spacing.
const BADGE_ROOM = CARD_WIDTH - CARD_HEIGHT - 2 * COLUMN_PADDING - 2 * BADGE_PADDING;
const ems = (char: string) =>
  char === ' ' ? 0.2 : /[MWÆŒ]/.test(char) || (char.codePointAt(0) as number) >= FIRST_CJK ? 1 : 0.74;
const badgeSize = (text: string, largest: number) => {
  const chars = Array.from(text);
  const width = chars.reduce((sum, char) => sum + ems(char), 0);
  return Math.min(largest, Math.floor((BADGE_ROOM - BADGE_LETTER_SPACING * chars.length) / width));
};

function FoundCard({
  words,
  badge,
  photo,
  family,
}: {
  words: FoundCardWords;
  badge: { text: string; colour: string; size: number };
  photo: string | undefined;
  family: string;
}) {
  return (
    <CardFrame
      family={family}
      photo={photo}
      initial={Array.from(words.species)[0] ?? ''}
      badge={badge}
      foot={<div style={clamp(2)}>{drawable(words.foot)}</div>}
    >
      <div style={{ ...clamp(1), marginTop: 24, fontSize: 60, fontWeight: 700, lineHeight: 1.1 }}>{words.species}</div>
      <div style={{ ...clamp(2), marginTop: 8, fontSize: 30, color: MUTED }}>{words.looks}</div>
      <PlaceAndDay heading={words.heading} colour={BLUE} where={drawable(words.where)} when={drawable(words.when)} />
    </CardFrame>
  );
}

/** A card as a JPEG, drawn with the fonts its words need (`words`: all the text it shows). */
async function render(card: (family: string) => ReactElement, words: string) {
  const { fonts, family } = fontsFor(words);
  const svg = await satori(card(family), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The preview card of a pet, 1200×630, as a JPEG, in its page's language: photo, MISSING (or SAFE), name, last seen, tag code. */
export function drawCard(pet: PetPreview, photo: string | undefined, lang: Language) {
  const words = petPreviewWords(pet, lang);
  const badge = pet.isMissing
    ? { text: words.badge, colour: RED, size: badgeSize(words.badge, 80) }
    : { text: words.badge, colour: GREEN, size: badgeSize(words.badge, 64) };
  return render(
    (family) => <PetCard pet={pet} words={words} badge={badge} photo={photo} family={family} />,
    [pet.name, words.kind, words.badge, words.heading, words.where, words.when, words.safe, words.tagCode].join(' '),
  );
}

/**
 * The preview card of a found pet, 1200×630, as a JPEG, in its page's language: photo, FOUND
 * (REUNITED, AT A SHELTER), what it is, where and when.
 */
export function drawFoundCard(found: FoundPreview, photo: string | undefined) {
  const words = foundCardWords(found);
  const { colour, size } = FOUND_BADGES[found.status];
  const badge = { text: words.badge, colour, size: badgeSize(words.badge, size) };
  return render(
    (family) => <FoundCard words={words} badge={badge} photo={photo} family={family} />,
    // Every word drawn: a Chinese card's own words need their font's parts as a Chinese place does.
    Object.values(words).join(' '),
  );
}
