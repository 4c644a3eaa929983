import { useQuery } from '@tanstack/react-query';
import { Pencil, UserCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { WarningNotice } from '@/components/warning-notice';
import { useFocusAfterRemoval } from '@/hooks/use-focus-after-removal';
import { formatMonthYear } from '@/lib/format';
import { contactChecksQuery } from '../api/get-contact-checks';
import { ConfirmDetailsButton } from './confirm-details-button';

/**
 * Asks about the pets whose contact details were not confirmed for 180 days, each with Confirm and
 * Edit; nothing at all while there are none (or while the list cannot be read: it is only a nudge).
 * A confirmed pet's row goes, and its Confirm with it: the focus moves to the Confirm of the row
 * now in its place (or the last one), and once no row is left to `focusWhenDone`, rather than
 * falling to the top of the page.
 */
export function ContactCheckBanner({ focusWhenDone }: { focusWhenDone: RefObject<HTMLElement | null> }) {
  const { data: pets = [] } = useQuery(contactChecksQuery());
  // Once a row is confirmed, the list without it is on the page (the confirmation waits for it).
  const focus = useFocusAfterRemoval<HTMLButtonElement>(
    pets.map((pet) => pet.id),
    focusWhenDone,
  );

  if (pets.length === 0) return null;
  return (
    <WarningNotice icon={UserCheck} title="Are your contact details still right?">
      <p className="text-sm">A finder can only reach you with the details on your pet's page.</p>
      <ul className="flex flex-col gap-2">
        {pets.map((pet, row) => (
          <li
            key={pet.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-background p-3"
            aria-labelledby={`contact-check-${pet.id}`}
          >
            <div id={`contact-check-${pet.id}`}>
              <p className="font-medium">{pet.name}</p>
              <p className="text-sm text-muted-foreground">
                Contact details confirmed {formatMonthYear(pet.contactConfirmedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <ConfirmDetailsButton
                ref={focus.control(pet.id)}
                pet={pet}
                label="Confirm"
                size="sm"
                aria-describedby={`contact-check-${pet.id}`}
                onConfirmed={() => focus.removed(row)}
              />
              <Button asChild size="sm" variant="outline">
                <Link href={`/edit-pet/${pet.id}`} aria-describedby={`contact-check-${pet.id}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </WarningNotice>
  );
}
