import { AlertTriangle, ShieldCheck } from 'lucide-react';
import type { OwnerPet } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdatePet } from '../api/update-pet';

/**
 * 'Report Missing' / 'Mark as Safe': sends the whole pet with isMissing flipped (spec section 4). It
 * is one button that changes its words, so the focus stays on it and lands on the way back.
 */
export function MissingToggle({ pet }: { pet: OwnerPet }) {
  const updatePet = useUpdatePet();

  const toggle = () =>
    updatePet.mutate(
      { id: pet.id, changes: { ...pet, isMissing: !pet.isMissing } },
      {
        onSuccess: (saved) =>
          toast(
            saved.isMissing
              ? {
                  title: 'Pet Reported Missing',
                  description: `${saved.name} has been reported missing. Share the QR code to help find them.`,
                }
              : { title: 'Pet Marked Safe', description: `${saved.name} is now marked as safe.` },
          ),
        onError: (error) => showErrorToast({ error, fallback: 'Failed to update the pet. Please try again.' }),
      },
    );

  return pet.isMissing ? (
    <Button onClick={toggle} busy={updatePet.isPending}>
      <ShieldCheck aria-hidden="true" />
      Mark as Safe
    </Button>
  ) : (
    <Button variant="destructive" onClick={toggle} busy={updatePet.isPending}>
      <AlertTriangle aria-hidden="true" />
      Report Missing
    </Button>
  );
}
