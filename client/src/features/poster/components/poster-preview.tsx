import { formatShortCode } from '@shared/contracts/found';
import { possessive } from '@shared/possessive';
import { QRCodeSVG } from 'qrcode.react';
import { type Ref, useLayoutEffect, useRef } from 'react';
import type { OwnerPet } from '@/api/pets';
import { formatDate } from '@/lib/format';
import { breedOrSpecies } from '@/lib/pet-display';
import type { PosterCustomization } from './poster-customization';
import { TearOffTab } from './tear-off-tab';

export const POSTER_ID = 'missing-poster';
const TEAR_OFF_TABS = 8;
// Spec: the poster's QR code is 120 px at error-correction level H. That is its size on a poster of
// the design width and wider (the downloaded PNG, the printed page); a narrower preview scales it
// down with the rest of the poster.
const QR_SIZE = 120;
/** The poster's width in CSS pixels when it is downloaded (the PNG is twice as wide). */
export const POSTER_DESIGN_WIDTH = 672;

// The poster is paper, not a themed screen: fixed colours in hex (never the theme's variables, and
// never oklch, which html2canvas cannot read), sizes in container units so that the screen preview,
// the downloaded PNG and the printed Letter page keep the same proportions. Transforms are written
// as `transform`, because html2canvas ignores the separate rotate/translate properties.

interface PosterPreviewProps {
  pet: OwnerPet;
  customization: PosterCustomization;
  scanUrl: string;
  ref?: Ref<HTMLDivElement>;
  /** Told whether the additional information is cut short for want of room. */
  onInfoOverflow?: (overflows: boolean) => void;
}

/**
 * Reports whether the element's text is taller than the room it was given. The poster gives the
 * additional information what the other parts leave, so its overflow is what does not fit.
 */
function useOverflowReport(onOverflow: ((overflows: boolean) => void) | undefined) {
  const element = useRef<HTMLParagraphElement>(null);
  // After every render (the text or the other parts may have changed) and whenever the poster's
  // size changes; telling the page an unchanged answer does not render it again.
  useLayoutEffect(() => {
    const target = element.current;
    onOverflow?.(target ? target.scrollHeight > target.clientHeight + 1 : false);
  });
  useLayoutEffect(() => {
    const target = element.current;
    if (!onOverflow || !target) return;
    const observer = new ResizeObserver(() => onOverflow(target.scrollHeight > target.clientHeight + 1));
    observer.observe(target);
    return () => observer.disconnect();
  }, [onOverflow]);
  return element;
}

/** Across the photo of a poster whose pet is home again (the name and contact stay readable), so that an owner can print replacements for the old ones. */
function FoundBand() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-[22%] left-[-10%] w-[120%] [transform:rotate(-12deg)] border-[#ffffff] border-y-[0.6cqw] bg-[#15803d] py-[1.5cqw] text-center font-black text-[#ffffff] text-[8cqw] leading-[1.1] tracking-wide"
    >
      FOUND - THANK YOU
    </div>
  );
}

function Photo({ pet }: { pet: OwnerPet }) {
  // A background image rather than <img>: html2canvas honours background-size cover but not object-fit.
  if (pet.photoUrl) {
    return (
      <div
        role="img"
        aria-label={pet.name}
        className="min-h-[14cqw] w-[60cqw] flex-1 self-center rounded-[1.5cqw] border-[0.4cqw] border-[#111827] bg-[#f3f4f6] bg-cover bg-center"
        style={{ backgroundImage: `url(${JSON.stringify(pet.photoUrl)})` }}
      />
    );
  }
  return (
    // The box shrinks as the text below it grows, so the letter is sized by the box itself (its own
    // container): a third of its width, but never taller than it.
    <div
      aria-hidden="true"
      data-testid="poster-initial"
      className="flex min-h-[14cqw] w-[60cqw] flex-1 items-center justify-center self-center rounded-[1.5cqw] border-[0.4cqw] border-[#111827] bg-[#f3f4f6] [container-type:size]"
    >
      <span className="font-black text-[#374151] text-[min(33cqw,75cqh)] leading-none">
        {pet.name.charAt(0).toUpperCase()}
      </span>
    </div>
  );
}

// A line of the contact box, beside the QR code, in poster widths; and how wide an extra-bold
// character of the poster's type is at most, in ems.
const CONTACT_LINE = 58;
const BOLD_CHARACTER_WIDTH = 0.75;

/**
 * The number in PLEASE CONTACT stays on one line, in type as large as fits: left to wrap, it broke
 * in the preview where the download (drawn again at another width) kept one line. A number too long
 * for readable type on one line wraps instead.
 */
function contactPhoneType(phone: string) {
  const size = Math.min(5.5, CONTACT_LINE / (Math.max(phone.length, 1) * BOLD_CHARACTER_WIDTH));
  return size >= 2.5
    ? ({ fontSize: `${size}cqw`, whiteSpace: 'nowrap' } as const)
    : ({ fontSize: '2.5cqw', overflowWrap: 'anywhere' } as const);
}

/** The printable poster, in the order the spec lists its parts. */
export function PosterPreview({ pet, customization, scanUrl, ref, onInfoOverflow }: PosterPreviewProps) {
  const { title, reward, additionalInfo } = customization;
  const info = useOverflowReport(onInfoOverflow);
  const details = [pet.color && `Color: ${pet.color}`, pet.age && `Age: ${pet.age}`].filter(Boolean);
  const lastSeen = pet.lastSeenLocation || pet.lastSeenDate;

  return (
    <div
      id={POSTER_ID}
      ref={ref}
      className="@container relative flex aspect-[8.5/11] w-full flex-col overflow-hidden bg-[#ffffff] text-[#111827]"
    >
      {/* Said first, so that a screen reader hears it before the poster's MISSING title. */}
      {!pet.isMissing && <p className="sr-only">{pet.name} is marked safe: the poster reads FOUND - THANK YOU.</p>}
      <div className="flex min-h-0 flex-1 flex-col items-center gap-[1cqw] px-[5cqw] pt-[3cqw] pb-[2cqw] text-center">
        <h2 className="w-full font-black text-[#b91c1c] text-[9.5cqw] leading-[1.1]">{title}</h2>
        {reward && (
          <p className="rounded-full bg-[#15803d] px-[4cqw] py-[0.5cqw] font-extrabold text-[#ffffff] text-[3.2cqw] leading-[1.3]">
            {reward}
          </p>
        )}
        <Photo pet={pet} />
        <div className="flex flex-col items-center gap-[0.3cqw]">
          <p className="font-extrabold text-[6.5cqw] leading-[1.1]">{pet.name}</p>
          <p className="font-semibold text-[3.2cqw] leading-[1.3]">{breedOrSpecies(pet)}</p>
          {details.length > 0 && (
            <p className="flex gap-[3cqw] text-[#374151] text-[2.8cqw] leading-[1.3]">
              {details.map((detail) => (
                <span key={detail}>{detail}</span>
              ))}
            </p>
          )}
        </div>
        {lastSeen && (
          <div className="w-full rounded-[1.2cqw] border-[#d97706] border-[0.3cqw] bg-[#fef3c7] px-[3cqw] py-[0.8cqw] text-[2.8cqw] leading-[1.3]">
            <p className="font-black tracking-wide">LAST SEEN</p>
            <p>{[pet.lastSeenLocation, formatDate(pet.lastSeenDate)].filter(Boolean).join(' · ')}</p>
          </div>
        )}
        {/* The photo gives up its room first; what still does not fit is cut here, below the
            contact box's priority, and the page says so (onInfoOverflow). */}
        {additionalInfo && (
          <p
            ref={info}
            className="min-h-[2.6cqw] w-full shrink overflow-hidden whitespace-pre-line text-[2.6cqw] leading-[1.35]"
          >
            {additionalInfo}
          </p>
        )}
        <div className="flex w-full shrink-0 items-center justify-between gap-[3cqw] rounded-[1.2cqw] bg-[#b91c1c] px-[3.5cqw] py-[1.2cqw] text-left text-[#ffffff]">
          <div className="min-w-0">
            <p className="font-black text-[3.2cqw] leading-[1.3] tracking-wide">PLEASE CONTACT</p>
            <p
              data-testid="contact-phone"
              className="font-extrabold leading-[1.2]"
              style={contactPhoneType(pet.ownerPhone)}
            >
              {pet.ownerPhone}
            </p>
            {pet.ownerEmail && <p className="break-all text-[2.8cqw] leading-[1.3]">{pet.ownerEmail}</p>}
          </div>
          <div className="flex shrink-0 flex-col items-center rounded-[0.8cqw] bg-[#ffffff] p-[4px] text-[#111827] [&_svg]:h-auto [&_svg]:w-[min(120px,17.8cqw)]">
            <QRCodeSVG
              value={scanUrl}
              size={QR_SIZE}
              level="H"
              marginSize={2}
              title={`QR code linking to ${possessive(pet.name)} profile`}
              role="img"
            />
            {/* For a finder who cannot scan: typed at /found, it opens the same page. */}
            <p className="font-bold font-mono text-[2.2cqw] leading-[1.2] tracking-wider" data-testid="short-code">
              {formatShortCode(pet.shortCode)}
            </p>
            <p className="max-w-[22cqw] break-all text-center text-[1.3cqw] leading-[1.2]">
              {new URL(scanUrl).host}/found
            </p>
          </div>
        </div>
      </div>
      <div className="flex h-[15cqw] shrink-0 border-[#6b7280] border-t-[0.25cqw] border-dashed">
        {Array.from({ length: TEAR_OFF_TABS }, (_, i) => (
          // The tabs are identical copies; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <TearOffTab key={i} name={pet.name} phone={pet.ownerPhone} />
        ))}
      </div>
      {!pet.isMissing && <FoundBand />}
    </div>
  );
}
