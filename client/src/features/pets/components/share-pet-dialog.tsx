import { zodResolver } from '@hookform/resolvers/zod';
import { INVITATION_DAYS, invitationRequestSchema } from '@shared/contracts/circle';
import { possessive } from '@shared/possessive';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OwnerPet } from '@/api/pets';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import { useInvite } from '../api/safety-circle';

/** 'Share Pet': the creator invites a person by e-mail to co-own the pet. */
export function SharePetDialog({ pet }: { pet: OwnerPet }) {
  const [open, setOpen] = useState(false);
  const emailId = useId();
  const errorId = useId();
  const invite = useInvite(pet.id);
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(invitationRequestSchema),
    defaultValues: { email: '' },
  });
  const error = formState.errors.email?.message;

  const send = handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: ({ email }) => {
        setOpen(false);
        reset();
        toast({
          title: 'Invitation Sent',
          description: `We e-mailed an invitation to ${email}. It works for ${INVITATION_DAYS} days.`,
        });
      },
      // The server's refusal of this address (the owner's own, a member's, one it cannot e-mail)
      // is said beside the field, as the form's own checks are; anything else is a toast.
      onError: (err) =>
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429
          ? setError('email', { message: err.serverMessage }, { shouldFocus: true })
          : showErrorToast({ error: err, fallback: 'Failed to send the invitation.' }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus aria-hidden="true" />
          Share Pet
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share {pet.name}</DialogTitle>
          <DialogDescription>
            Invite someone to co-own {pet.name}: they see and edit the profile, reminders and finder reports, and get{' '}
            {possessive(pet.name)} alerts. Only you can delete {pet.name} or change who is in the Safety Circle.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={send} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email address</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              {...register('email')}
            />
            {error && (
              <p id={errorId} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFormActions pending={invite.isPending} pendingLabel="Sending...">
            Send Invitation
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
