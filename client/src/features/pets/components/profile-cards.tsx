import { hasPhoneDigits, MIN_PHONE_DIGITS, telHref } from '@shared/contracts/phone';
import { AlertTriangle, HeartPulse, PhoneForwarded, Stethoscope, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OwnerPet } from '@/api/pets';
import { LazyPointMap } from '@/components/map/lazy-maps';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatMonthYear } from '@/lib/format';
import { ConfirmDetailsButton } from './confirm-details-button';
import { lastSeenPoint } from './last-seen-point-field';

function InfoCard({
  icon,
  title,
  children,
  footer,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            {icon}
            {title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">{children}</dl>
        {footer}
      </CardContent>
    </Card>
  );
}

/** One labelled line of a card; nothing at all when the value is not set. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line font-medium">{children}</dd>
    </div>
  );
}

const link = 'text-accent-foreground underline-offset-4 hover:underline';
const iconClass = 'size-5 text-accent-foreground';

export function OwnerContactCard({ pet }: { pet: OwnerPet }) {
  return (
    <InfoCard
      icon={<User className={iconClass} aria-hidden="true" />}
      title="Owner Contact"
      footer={
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="text-sm text-muted-foreground">
            Contact details confirmed {formatMonthYear(pet.contactConfirmedAt)}
          </p>
          <ConfirmDetailsButton pet={pet} label="Confirm Details" variant="outline" size="sm" />
        </div>
      }
    >
      <Detail label="Name">{pet.ownerName}</Detail>
      <Detail label="Phone">
        {hasPhoneDigits(pet.ownerPhone) ? (
          <a className={link} href={telHref(pet.ownerPhone)}>
            {pet.ownerPhone}
          </a>
        ) : (
          // Saved before numbers needed digits: the finder's Call Owner would dial no one.
          <>
            {pet.ownerPhone}
            <span className="mt-1 flex items-start gap-1.5 text-sm text-destructive">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Finders cannot call this number. Use Edit to give one with at least {MIN_PHONE_DIGITS} digits.
            </span>
          </>
        )}
      </Detail>
      {pet.ownerEmail && (
        <Detail label="Email">
          <a className={link} href={`mailto:${pet.ownerEmail}`}>
            {pet.ownerEmail}
          </a>
        </Detail>
      )}
      <Detail label="Address">{pet.ownerAddress}</Detail>
      {pet.backupContacts.length > 0 && (
        <Detail label="Backup Contacts">
          <ul className="flex flex-col gap-1">
            {pet.backupContacts.map((contact) => (
              <li key={`${contact.name}-${contact.phone}`} className="flex items-center gap-2">
                <PhoneForwarded className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  {contact.name}
                  {contact.relationship && <span className="text-muted-foreground"> ({contact.relationship})</span>}
                  {' · '}
                  <a className={link} href={telHref(contact.phone)}>
                    {contact.phone}
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </Detail>
      )}
    </InfoCard>
  );
}

export function VeterinarianCard({ pet }: { pet: OwnerPet }) {
  if (!pet.vetName && !pet.vetPhone) return null;
  return (
    <InfoCard icon={<Stethoscope className={iconClass} aria-hidden="true" />} title="Veterinarian">
      <Detail label="Clinic">{pet.vetName}</Detail>
      {pet.vetPhone && (
        <Detail label="Phone">
          <a className={link} href={telHref(pet.vetPhone)}>
            {pet.vetPhone}
          </a>
        </Detail>
      )}
      <Detail label="Address">{pet.vetAddress}</Detail>
    </InfoCard>
  );
}

export function MedicalCard({ pet }: { pet: OwnerPet }) {
  if (!pet.medicalNotes && !pet.specialNeeds) return null;
  return (
    <InfoCard icon={<HeartPulse className={iconClass} aria-hidden="true" />} title="Medical & Special Needs">
      <Detail label="Medical Notes">{pet.medicalNotes}</Detail>
      <Detail label="Special Needs">{pet.specialNeeds}</Detail>
    </InfoCard>
  );
}

/**
 * A place given only as a pin, in words: for its owner, who may see the point itself, to four
 * decimals (about 10 m), which can be read out or typed into another map. Strangers are only ever
 * sent its grid cell.
 */
const pinnedPlace = ({ lat, lng }: { lat: number; lng: number }) =>
  `Pinned on the map at ${lat.toFixed(4)}, ${lng.toFixed(4)}`;

/**
 * While the pet is missing: where and when it was last seen, and the pin on a small map if there is
 * one. A place with no words but a pin is said in words too: a map is never the only way.
 */
export function LastSeenCard({ pet }: { pet: OwnerPet }) {
  const point = lastSeenPoint(pet);
  if (!pet.isMissing || (!pet.lastSeenLocation && !pet.lastSeenDate && !point)) return null;
  return (
    <InfoCard
      icon={<AlertTriangle className="size-5 text-destructive" aria-hidden="true" />}
      title="Last Seen Information"
      footer={
        point && (
          <div className="mt-3">
            <LazyPointMap point={point} label={`Map of where ${pet.name} was last seen`} />
          </div>
        )
      }
    >
      <Detail label="Location">{pet.lastSeenLocation || (point && pinnedPlace(point))}</Detail>
      <Detail label="Date">{formatDate(pet.lastSeenDate)}</Detail>
    </InfoCard>
  );
}
