import { possessive } from '@shared/possessive';
import { ExternalLink, HeartHandshake, Phone, ScanLine, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicPet } from '@/api/pets';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * AAHA's Universal Pet Microchip Lookup searches the participating registries for a chip. It takes
 * the number in its own form (it has no documented link that fills it in), so the page shows the
 * number beside the link.
 */
export const AAHA_MICROCHIP_LOOKUP = 'https://www.aaha.org/your-pet/pet-microchip-lookup/';

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-accent-foreground [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div>{children}</div>
    </li>
  );
}

/** Guidance for the finder of a missing pet: what helps, in the order it matters. */
export function WhatToDoCard({ pet }: { pet: PublicPet }) {
  return (
    <Card role="region" aria-labelledby="scan-what-to-do-heading">
      <CardHeader className="pb-3">
        <CardTitle asChild>
          <h2 id="scan-what-to-do-heading">What To Do</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          <Step icon={<ShieldAlert />}>Keep {pet.name} safe and away from traffic. Water and a quiet spot help.</Step>
          <Step icon={<Phone />}>
            {pet.ownerPhone
              ? 'Call or message the owner, using the phone number on this page.'
              : 'Message the owner: tap Message Owner on this page.'}
          </Step>
          <Step icon={<ScanLine />}>Any vet or shelter can scan a microchip for free.</Step>
          {pet.microchipId && (
            <Step icon={<HeartHandshake />}>
              {possessive(pet.name)} microchip number is{' '}
              <span className="font-mono font-semibold">{pet.microchipId}</span>.{' '}
              <a
                href={AAHA_MICROCHIP_LOOKUP}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-accent-foreground underline underline-offset-4"
              >
                Look it up in the AAHA Universal Pet Microchip Lookup
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Step>
          )}
        </ol>
      </CardContent>
    </Card>
  );
}
