import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import type { OwnerPet } from '@/api/pets';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { type SafetyCircle, safetyCircleQuery, useCancelInvitation, useRemoveMember } from '../api/safety-circle';

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Who co-owns the pet. Its creator may remove a member and cancel an invitation; a member may leave.
 * Removing and leaving ask first. Who may do what is the server's rule: the buttons only follow it.
 */
export function SafetyCircleCard({ pet, viewerId }: { pet: OwnerPet; viewerId: string }) {
  const { data: circle, isPending, isError } = useQuery(safetyCircleQuery(pet.id));
  const remove = useRemoveMember(pet.id);
  const cancel = useCancelInvitation(pet.id);
  const [, navigate] = useLocation();
  const isCreator = pet.userId === viewerId;
  // A removed row takes its button with it: the focus goes to the card's heading instead.
  const heading = useRef<HTMLHeadingElement>(null);

  const removeMember = (member: SafetyCircle['members'][number]) => {
    const self = member.userId === viewerId;
    return remove.mutateAsync({ userId: member.userId, self }).then(
      () => {
        if (self) navigate('/');
        toast(
          self
            ? { title: 'You Left the Safety Circle', description: `${pet.name} is no longer on your dashboard.` }
            : { title: 'Co-owner Removed', description: `${member.name} no longer co-owns ${pet.name}.` },
        );
      },
      (error) => showErrorToast({ error, fallback: 'Failed to update the Safety Circle. Please try again.' }),
    );
  };

  const cancelInvitation = (email: string) =>
    cancel.mutate(
      { email },
      {
        onSuccess: () => {
          heading.current?.focus();
          toast({ title: 'Invitation Cancelled', description: `The link sent to ${email} no longer works.` });
        },
        onError: (error) => showErrorToast({ error, fallback: 'Failed to cancel the invitation. Please try again.' }),
      },
    );

  return (
    <Card role="region" aria-labelledby="safety-circle-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="safety-circle-heading" ref={heading} tabIndex={-1} className="flex items-center gap-2">
            <Users className="size-5" aria-hidden="true" />
            Safety Circle
          </h2>
        </CardTitle>
        <CardDescription>The people who look after {pet.name} and get alerts.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending && <Skeleton className="h-12 w-full" />}
        {isError && <p className="text-sm text-destructive">Failed to load the Safety Circle.</p>}
        {circle && (
          <ul className="grid gap-2">
            {circle.members.map((member) => {
              const self = member.userId === viewerId;
              const canRemove = !member.isCreator && (isCreator || self);
              return (
                <li
                  key={member.userId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="break-all font-medium">
                      {member.name}
                      {self && ' (you)'}
                    </span>
                    <Badge variant={member.isCreator ? 'default' : 'secondary'}>
                      {member.isCreator ? 'Creator' : 'Co-owner'}
                    </Badge>
                  </span>
                  {canRemove && (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm" aria-label={self ? undefined : `Remove ${member.name}`}>
                          {self ? 'Leave' : 'Remove'}
                        </Button>
                      }
                      title={self ? `Leave ${possessive(pet.name)} Safety Circle?` : `Remove ${member.name}?`}
                      description={
                        self
                          ? `${pet.name} leaves your dashboard and you stop getting alerts about ${pet.name}. Homeward e-mails the creator that you left; only they can invite you back.`
                          : `${member.name} will no longer see ${pet.name} or get alerts about ${pet.name}. Homeward tells them by e-mail.`
                      }
                      confirmLabel={self ? 'Leave' : 'Remove'}
                      pendingLabel={self ? 'Leaving...' : 'Removing...'}
                      onConfirm={() => removeMember(member)}
                      focusAfter={heading}
                    />
                  )}
                </li>
              );
            })}
            {circle.pendingInvitations.map((invitation) => (
              <li
                key={`${invitation.email}-${invitation.expiresAt}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3 text-sm"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="break-all">{invitation.email}</span>
                  <span className="text-muted-foreground">Invited, until {formatDay(invitation.expiresAt)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  busy={cancel.isPending}
                  onClick={() => cancelInvitation(invitation.email)}
                  aria-label={`Cancel the invitation to ${invitation.email}`}
                >
                  Cancel
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
