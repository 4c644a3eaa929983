import { possessive } from '@shared/possessive';
import { QRCodeSVG } from 'qrcode.react';
import type { Ref } from 'react';
import type { OwnerPet } from '@/api/pets';
import { formatDate } from '@/lib/format';
import type { PosterCustomization } from './poster-customization';

export const POSTER_ID = 'missing-poster';
const TEAR_OFF_TABS = 8;
// Spec: the poster's QR code is 120 px at error-correction level H.
const QR_SIZE = 120;

// The poster is paper, not a themed screen: fixed colours in hex (never the theme's variables, and
// never oklch, which html2canvas cannot read), sizes in container units so that the screen preview,
// the downloaded PNG and the printed Letter page keep the same proportions. Transforms are written
// as `transform`, because html2canvas ignores the separate rotate/translate properties.

interface PosterPreviewProps {
  pet: OwnerPet;
  customization: PosterCustomization;
  scanUrl: string;
  ref?: Ref<HTMLDivElement>;
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
    <div
      aria-hidden="true"
      className="flex min-h-[14cqw] w-[60cqw] flex-1 items-center justify-center self-center rounded-[1.5cqw] border-[0.4cqw] border-[#111827] bg-[#f3f4f6] font-black text-[20cqw] text-[#374151]"
    >
      {pet.name.charAt(0).toUpperCase()}
    </div>
  );
}

function TearOffTab({ name, phone }: { name: string; phone: string }) {
  return (
    <div className="relative flex-1 overflow-hidden border-[#6b7280] border-r-[0.25cqw] border-dashed last:border-r-0">
      {/* Turned on its side, as on a paper tab: html2canvas draws transforms, but not writing-mode. */}
      <div className="absolute top-1/2 left-1/2 flex h-[12.5cqw] w-[14cqw] [transform:translate(-50%,-50%)_rotate(90deg)] flex-col items-center justify-center text-center leading-[1.25]">
        <span className="w-full truncate font-bold text-[2cqw]">{name}</span>
        <span className="w-full truncate text-[1.9cqw]">{phone}</span>
      </div>
    </div>
  );
}

/** The printable poster, in the order the spec lists its parts. */
export function PosterPreview({ pet, customization, scanUrl, ref }: PosterPreviewProps) {
  const { title, reward, additionalInfo } = customization;
  const details = [pet.color && `Color: ${pet.color}`, pet.age && `Age: ${pet.age}`].filter(Boolean);
  const lastSeen = pet.lastSeenLocation || pet.lastSeenDate;

  return (
    <div
      id={POSTER_ID}
      ref={ref}
      className="@container flex aspect-[8.5/11] w-full flex-col overflow-hidden bg-[#ffffff] text-[#111827]"
    >
      <div className="flex min-h-0 flex-1 flex-col items-center gap-[1cqw] px-[5cqw] pt-[3cqw] pb-[2cqw] text-center">
        <h2 className="w-full break-words font-black text-[#b91c1c] text-[9.5cqw] leading-[1.1]">{title}</h2>
        {reward && (
          <p className="rounded-full bg-[#15803d] px-[4cqw] py-[0.5cqw] font-extrabold text-[#ffffff] text-[3.2cqw] leading-[1.3]">
            {reward}
          </p>
        )}
        <Photo pet={pet} />
        <div className="flex flex-col items-center gap-[0.3cqw]">
          <p className="font-extrabold text-[6.5cqw] leading-[1.1]">{pet.name}</p>
          <p className="font-semibold text-[3.2cqw] leading-[1.3]">{pet.breed || pet.species}</p>
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
        {/* Clipped at three lines so a long text cannot push the contact box off the page. */}
        {additionalInfo && (
          <p className="line-clamp-3 w-full whitespace-pre-line text-[2.6cqw] leading-[1.35]">{additionalInfo}</p>
        )}
        <div className="flex w-full items-center justify-between gap-[3cqw] rounded-[1.2cqw] bg-[#b91c1c] px-[3.5cqw] py-[1.2cqw] text-left text-[#ffffff]">
          <div className="min-w-0">
            <p className="font-black text-[3.2cqw] leading-[1.3] tracking-wide">PLEASE CONTACT</p>
            <p className="font-extrabold text-[5.5cqw] leading-[1.2]">{pet.ownerPhone}</p>
            {pet.ownerEmail && <p className="break-all text-[2.8cqw] leading-[1.3]">{pet.ownerEmail}</p>}
          </div>
          <div className="shrink-0 rounded-[0.8cqw] bg-[#ffffff] p-[4px]">
            <QRCodeSVG
              value={scanUrl}
              size={QR_SIZE}
              level="H"
              marginSize={2}
              title={`QR code linking to ${possessive(pet.name)} profile`}
              role="img"
            />
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
    </div>
  );
}
