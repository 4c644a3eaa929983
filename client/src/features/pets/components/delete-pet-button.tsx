import { possessive } from '@shared/possessive';
import { Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import type { OwnerPet } from '@/api/pets';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useDeletePet } from '../api/delete-pet';

/** Deleting cannot be undone, so it asks first; the dialog stays open until the server has answered. */
export function DeletePetButton({ pet }: { pet: OwnerPet }) {
  const [, navigate] = useLocation();
  const deletePet = useDeletePet();

  const confirm = () =>
    deletePet.mutateAsync(pet.id).then(
      () => {
        navigate('/');
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
      description={`This permanently removes ${possessive(pet.name)} profile, photo, reminders and finder reports. Anyone who scans ${possessive(pet.name)} QR code or tag will no longer see a profile. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
