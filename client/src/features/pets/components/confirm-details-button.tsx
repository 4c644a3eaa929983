import { possessive } from '@shared/possessive';
import { CheckCircle2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useConfirmContactDetails } from '../api/confirm-contact-details';

type ConfirmDetailsButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  pet: { id: string; name: string };
  label: string;
  onConfirmed?: () => void;
};

/** Records that the pet's contact details are still right (the profile's 'Confirm Details', the banner's 'Confirm'). */
export function ConfirmDetailsButton({ pet, label, onConfirmed, ...buttonProps }: ConfirmDetailsButtonProps) {
  const confirm = useConfirmContactDetails();
  return (
    <Button
      {...buttonProps}
      busy={confirm.isPending}
      onClick={() =>
        confirm.mutate(pet.id, {
          onSuccess: () => {
            toast({
              title: 'Contact Details Confirmed',
              description: `Thank you! ${possessive(pet.name)} contact details are marked as up to date.`,
            });
            onConfirmed?.();
          },
          onError: (error) =>
            showErrorToast({ error, fallback: 'Failed to confirm the contact details. Please try again.' }),
        })
      }
    >
      <CheckCircle2 aria-hidden="true" />
      {label}
    </Button>
  );
}
