import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { type OrderView, ordersQuery } from '@/api/orders';
import type { OwnerPet } from '@/api/pets';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useDeletePet } from '../api/delete-pet';

// A paid tag that has not shipped yet is engraved for this pet: deleted, its tag leads nowhere.
const UNSHIPPED = new Set<OrderView['status']>(['pending', 'confirmed', 'processing']);

/** Deleting cannot be undone, so it asks first; the dialog stays open until the server has answered. */
export function DeletePetButton({ pet }: { pet: OwnerPet }) {
  const [, navigate] = useLocation();
  const deletePet = useDeletePet();
  const { data: orders } = useQuery(ordersQuery());
  const tagsOnTheWay = orders?.filter((order) => order.petId === pet.id && UNSHIPPED.has(order.status)).length ?? 0;

  const confirm = () =>
    deletePet.mutateAsync(pet.id).then(
      () => {
        // The page the focus was on is gone: it starts again at the dashboard's heading.
        navigate('/', { state: { focusHeading: true } });
        toast({ title: 'Pet Deleted', description: `${pet.name} has been removed from your pets.` });
      },
      (error) => showErrorToast({ error, fallback: 'Failed to delete pet. Please try again.' }),
    );

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${pet.name}?`}
      description={
        <>
          This permanently removes {possessive(pet.name)} profile, photo, reminders and finder reports. Anyone who scans{' '}
          {possessive(pet.name)} QR code or tag will no longer see a profile. This cannot be undone.
          {tagsOnTheWay > 0 && (
            <strong className="mt-2 block">
              {tagsOnTheWay === 1 ? 'A tag' : `${tagsOnTheWay} tags`} you ordered for {pet.name}{' '}
              {tagsOnTheWay === 1 ? 'has' : 'have'} not shipped yet and will lead to no profile.
            </strong>
          )}
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
