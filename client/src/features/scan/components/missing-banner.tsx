import { telHref } from '@shared/contracts/phone';
import { sightingFormPath } from '@shared/contracts/sighting-path';
import { Eye, LoaderCircle, MapPin, MessageCircle, Phone } from 'lucide-react';
import type { Ref } from 'react';
import type { PublicPet } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n';
import { LastSeenLine } from './last-seen-line';
import { ShareLocationLink } from './share-location-link';

interface MissingBannerProps {
  pet: Pick<PublicPet, 'id' | 'name' | 'lastSeenLocation' | 'lastSeenDate'>;
  /** Absent when the owner hides their phone: Message Owner (the Share Location dialog) takes Call Owner's place. */
  ownerPhone?: string;
  /** Absent on the server's page: Share Location is then a link to the server's form. */
  onShareLocation?: () => void;
  /** Warms the dialog's code up before the tap, on a slow connection. */
  onIntent?: () => void;
  /** The Share Location button, where focus returns when the dialog closes. */
  shareLocationRef?: Ref<HTMLAnchorElement>;
  /** The dialog's code is on its way: the button shows it is working on the tap. */
  shareLocationPending?: boolean;
}

/** The two things a finder of a missing pet should do: call, or say where the pet is. */
export function MissingBanner({
  pet,
  ownerPhone,
  onShareLocation,
  onIntent,
  shareLocationRef,
  shareLocationPending = false,
}: MissingBannerProps) {
  const { t } = useI18n();
  const { id: petId, name: petName } = pet;
  return (
    <section
      aria-labelledby="reunite-heading"
      className="rounded-2xl border-2 border-destructive bg-destructive/10 p-5 text-center"
    >
      <h2 id="reunite-heading" className="font-bold text-xl">
        {t('scan.reuniteTitle', { name: petName })}
      </h2>
      {/* The owner who keeps their phone off the page is not to be called: the line says what is there. */}
      <p className="mt-1 text-muted-foreground">
        {t(ownerPhone ? 'scan.reuniteText' : 'scan.reuniteTextNoPhone', { name: petName })}
      </p>
      <LastSeenLine pet={pet} />
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Button asChild size="lg" variant="destructive" className="h-12 text-base">
          {ownerPhone ? (
            <a href={telHref(ownerPhone)}>
              <Phone aria-hidden="true" />
              {t('scan.callOwner')}
            </a>
          ) : (
            <ShareLocationLink petId={petId} onOpen={onShareLocation} onIntent={onIntent}>
              <MessageCircle aria-hidden="true" />
              {t('scan.messageOwner')}
            </ShareLocationLink>
          )}
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          // Pressed at once, by CSS alone: a tap shows even before any script has arrived.
          className="h-12 text-base active:translate-y-px active:bg-accent aria-busy:bg-accent"
        >
          <ShareLocationLink
            petId={petId}
            onOpen={onShareLocation}
            onIntent={onIntent}
            pending={shareLocationPending}
            ref={shareLocationRef}
          >
            {shareLocationPending ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : (
              <MapPin aria-hidden="true" />
            )}
            {t('scan.shareLocation')}
          </ShareLocationLink>
        </Button>
        {/* Someone who saw the pet but does not have it: a form without scripts, its dialog with them. */}
        <Button asChild size="lg" variant="outline" className="h-12 text-base sm:col-span-2">
          <a href={sightingFormPath(petId)} data-sighting-dialog={petName}>
            <Eye aria-hidden="true" />
            {t('scan.sawThisPet')}
          </a>
        </Button>
      </div>
    </section>
  );
}
