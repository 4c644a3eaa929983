import { Mail, Phone, User } from 'lucide-react';
import type { PublicPet } from '@/api/pets';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A dialable link: phones accept digits and a leading plus, not the spaces and dashes people type. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const row =
  'flex items-center gap-3 rounded-md p-2 -mx-2 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function OwnerContactCard({ pet }: { pet: PublicPet }) {
  return (
    <Card role="region" aria-labelledby="scan-contact-heading">
      <CardHeader className="pb-3">
        <CardTitle asChild>
          <h2 id="scan-contact-heading">Contact Owner</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1">
          <li className="flex items-center gap-3 p-2 -mx-2">
            <User className="size-5 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">{pet.ownerName}</span>
          </li>
          <li>
            <a href={telHref(pet.ownerPhone)} className={row}>
              <Phone className="size-5 text-muted-foreground" aria-hidden="true" />
              <span className="font-medium text-accent-foreground underline-offset-4 hover:underline">
                {pet.ownerPhone}
              </span>
            </a>
          </li>
          {pet.ownerEmail && (
            <li>
              <a href={`mailto:${pet.ownerEmail}`} className={row}>
                <Mail className="size-5 text-muted-foreground" aria-hidden="true" />
                <span className="break-all font-medium text-accent-foreground underline-offset-4 hover:underline">
                  {pet.ownerEmail}
                </span>
              </a>
            </li>
          )}
        </ul>
      </CardContent>
    </Card>
  );
}
