import { possessive } from '@shared/possessive';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { OwnerPet } from '@/api/pets';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeletePet } from '../api/delete-pet';

/** Deleting cannot be undone, so it asks first; the dialog stays open until the server has answered. */
export function DeletePetButton({ pet }: { pet: OwnerPet }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const deletePet = useDeletePet();

  const confirm = () =>
    deletePet.mutate(pet.id, {
      onSuccess: () => {
        navigate('/');
        toast({ title: 'Pet Deleted', description: `${pet.name} has been removed from your pets.` });
      },
      onError: (error) => {
        setOpen(false);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to delete pet. Please try again.'),
          variant: 'destructive',
        });
      },
    });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deletePet.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {pet.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently removes {possessive(pet.name)} profile, photo, reminders and finder reports. Anyone who
            scans {possessive(pet.name)} QR code or tag will no longer see a profile. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletePet.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={deletePet.isPending}>
            {deletePet.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
