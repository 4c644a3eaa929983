import { telHref } from '@shared/contracts/phone';
import { Mail, MapPin, Phone, PhoneForwarded, Stethoscope, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicPet } from '@/api/pets';
import { monthInWords } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { ScanSection } from './scan-section';

const row =
  'flex items-center gap-3 rounded-md p-2 -mx-2 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const linkText = 'font-medium text-accent-foreground underline-offset-4 hover:underline';
const icon = 'size-5 shrink-0 text-muted-foreground';

function TextRow({ children }: { children: ReactNode }) {
  return <li className="flex items-center gap-3 p-2 -mx-2">{children}</li>;
}

// Each detail shows only when the owner's Public Page choices let the server send it. `messageOwner`
// stands in for the phone a safe pet's owner chose to hide.
export function OwnerContactCard({ pet, messageOwner }: { pet: PublicPet; messageOwner?: ReactNode }) {
  const { t } = useI18n();
  const vet = pet.vetName || pet.vetPhone || pet.vetAddress;
  // An owner who shows none of their details is reached through Homeward: said so, rather than an
  // empty list under a line that says details nobody sees were confirmed.
  const shown = Boolean(
    pet.ownerName || pet.ownerPhone || pet.ownerEmail || pet.ownerAddress || pet.backupContacts?.length,
  );
  return (
    <ScanSection headingId="scan-contact-heading" title={t('scan.contactOwner')} contentClassName="grid gap-3">
      {shown ? (
        <ul className="grid gap-1">
          {pet.ownerName && (
            <TextRow>
              <User className={icon} aria-hidden="true" />
              <span className="font-medium">{pet.ownerName}</span>
            </TextRow>
          )}
          {pet.ownerPhone && (
            <li>
              <a href={telHref(pet.ownerPhone)} className={row}>
                <Phone className={icon} aria-hidden="true" />
                <span className={linkText}>{pet.ownerPhone}</span>
              </a>
            </li>
          )}
          {pet.ownerEmail && (
            <li>
              <a href={`mailto:${pet.ownerEmail}`} className={row}>
                <Mail className={icon} aria-hidden="true" />
                <span className={`break-all ${linkText}`}>{pet.ownerEmail}</span>
              </a>
            </li>
          )}
          {pet.ownerAddress && (
            <TextRow>
              <MapPin className={icon} aria-hidden="true" />
              <span className="font-medium">{pet.ownerAddress}</span>
            </TextRow>
          )}
          {pet.backupContacts?.map((contact) => (
            <li key={`${contact.name}-${contact.phone}`}>
              <a href={telHref(contact.phone)} className={row}>
                <PhoneForwarded className={icon} aria-hidden="true" />
                <span className="flex flex-col">
                  <span className={linkText}>{t('scan.ifNoAnswer', { name: contact.name })}</span>
                  <span className="text-sm text-muted-foreground">
                    {/* One text, so the server's page hydrates as it is (see what-to-do-card.tsx). */}
                    {contact.relationship ? `${contact.relationship} · ${contact.phone}` : contact.phone}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('scan.contactPrivate', { button: t('scan.messageOwner') })}</p>
      )}
      {messageOwner}
      {shown && (
        <p className="text-sm text-muted-foreground">
          {t('scan.contactConfirmed', { month: monthInWords(pet.contactConfirmedMonth, t) })}
        </p>
      )}
      {vet && (
        <div className="border-t pt-3">
          <h3 className="flex items-center gap-2 font-semibold">
            <Stethoscope className={icon} aria-hidden="true" />
            {t('scan.veterinarian')}
          </h3>
          <ul className="mt-1 grid gap-1">
            {pet.vetName && <TextRow>{pet.vetName}</TextRow>}
            {pet.vetPhone && (
              <li>
                <a href={telHref(pet.vetPhone)} className={row}>
                  <Phone className={icon} aria-hidden="true" />
                  <span className={linkText}>{pet.vetPhone}</span>
                </a>
              </li>
            )}
            {pet.vetAddress && <TextRow>{pet.vetAddress}</TextRow>}
          </ul>
        </div>
      )}
    </ScanSection>
  );
}
