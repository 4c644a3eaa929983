import type { ReactElement, ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import { type FoundPreview, type PetPreview, speciesAndBreed } from '../../../shared/contracts/previews';
import { lastSeenDay } from '../../../shared/i18n/format';
import { canDraw, fontsFor } from './card-fonts';

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
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', padding: '44px 48px', color: INK }}>
        <div
          style={{
            display: 'flex',
            alignSelf: 'flex-start',
            padding: '4px 20px',
            borderRadius: 12,
            background: badge.colour,
            color: '#ffffff',
            fontSize: badge.size,
            fontWeight: 900,
            letterSpacing: 2,
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

function PetCard({ pet, photo, family }: { pet: PetPreview; photo: string | undefined; family: string }) {
  const name = drawable(pet.name);
  return (
    <CardFrame
      family={family}
      photo={photo}
      initial={Array.from(name)[0]?.toUpperCase() ?? ''}
      badge={pet.isMissing ? { text: 'MISSING', colour: RED, size: 80 } : { text: 'SAFE', colour: GREEN, size: 64 }}
      foot={
        <div style={{ display: 'flex' }}>
          {'Tag code '}
          <span style={{ marginLeft: 10, fontWeight: 700, color: INK }}>{pet.tagCode}</span>
        </div>
      }
    >
      <div style={{ ...clamp(2), marginTop: 24, fontSize: 60, fontWeight: 700, lineHeight: 1.1 }}>{name}</div>
      <div style={{ ...clamp(1), marginTop: 8, fontSize: 30, color: MUTED }}>{drawable(speciesAndBreed(pet))}</div>
      {pet.isMissing ? (
        <PlaceAndDay
          heading="LAST SEEN"
          colour={RED}
          where={drawable(pet.lastSeenLocation ?? '')}
          when={pet.lastSeenDate?.trim() ? drawable(lastSeenDay(pet.lastSeenDate)) : ''}
        />
      ) : (
        <div style={{ marginTop: 28, fontSize: 32 }}>Safe at home with their family.</div>
      )}
    </CardFrame>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Brown and white', 'Black, tan and white'. */
const colourWords = (colours: readonly string[]) =>
  capitalised(colours.length < 2 ? (colours[0] ?? '') : `${colours.slice(0, -1).join(', ')} and ${colours.at(-1)}`);

/** The badge and the last line: what a found pet's card says it is now. */
function foundState(found: FoundPreview) {
  if (found.status === 'reunited')
    return { badge: { text: 'REUNITED', colour: GREEN, size: 64 }, foot: 'Home with their family.' };
  if (found.status === 'shelter')
    return {
      badge: { text: 'AT A SHELTER', colour: BLUE, size: 56 },
      foot: found.shelterName
        ? `Ask at ${found.shelterName} about this pet.`
        : 'Ask the shelters nearby about this pet.',
    };
  return { badge: { text: 'FOUND', colour: BLUE, size: 80 }, foot: 'Is this your pet?' };
}

function FoundCard({ found, photo, family }: { found: FoundPreview; photo: string | undefined; family: string }) {
  const { badge, foot } = foundState(found);
  const species = capitalised(found.species);
  return (
    <CardFrame
      family={family}
      photo={photo}
      initial={species.charAt(0)}
      badge={badge}
      foot={<div style={clamp(2)}>{drawable(foot)}</div>}
    >
      <div style={{ ...clamp(1), marginTop: 24, fontSize: 60, fontWeight: 700, lineHeight: 1.1 }}>{species}</div>
      <div style={{ ...clamp(2), marginTop: 8, fontSize: 30, color: MUTED }}>
        {[colourWords(found.colors), found.size].filter(Boolean).join(' · ')}
      </div>
      <PlaceAndDay
        heading="WHERE AND WHEN"
        colour={BLUE}
        where={drawable(found.location ?? '')}
        when={drawable(lastSeenDay(found.foundAt.slice(0, 10)))}
      />
    </CardFrame>
  );
}

/** A card as a JPEG, drawn with the fonts its words need (`words`: all the text it shows). */
async function render(card: (family: string) => ReactElement, words: string) {
  const { fonts, family } = fontsFor(words);
  const svg = await satori(card(family), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The preview card of a pet, 1200×630, as a JPEG: photo, MISSING (or SAFE), name, last seen, tag code. */
export const drawCard = (pet: PetPreview, photo: string | undefined) =>
  render(
    (family) => <PetCard pet={pet} photo={photo} family={family} />,
    [pet.name, pet.breed, pet.species, pet.lastSeenLocation, pet.lastSeenDate].join(' '),
  );

/** The preview card of a found pet, 1200×630, as a JPEG: photo, FOUND (REUNITED, AT A SHELTER), what it is, where and when. */
export const drawFoundCard = (found: FoundPreview, photo: string | undefined) =>
  render(
    (family) => <FoundCard found={found} photo={photo} family={family} />,
    [found.location, found.shelterName].join(' '),
  );
