import { loginUrl } from '@shared/contracts/sign-in';
import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { HeartHandshake, SearchX } from 'lucide-react';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { fullPageNavigate } from '@/lib/navigation';
import { invitationQuery, useAcceptInvitation } from '../api/invitation';

/**
 * /invite/{token}: the page an invitation e-mail links to. Signed out, it asks the person to sign in
 * and comes back here afterwards; signed in, 'Accept Invitation' adds the pet to their pets, or,
 * in an account of another address, it says so before anything is tried.
 */
export default function InvitePage() {
  const { token } = useParams<{ token: string }>();
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const { data: invitation, isPending, error } = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation();

  const acceptIt = () =>
    accept.mutate(token, {
      onSuccess: ({ petId }) => {
        toast({ title: 'Invitation Accepted', description: `${invitation?.petName} is now in your pets.` });
        navigate(`/pet/${petId}`);
      },
    });

  return (
    <div className="mx-auto w-full max-w-md p-4">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          {isPending && (
            <div role="status" aria-label="Loading invitation" className="flex w-full flex-col items-center gap-3">
              <Skeleton className="h-8 w-2/3" />
              <Skeleton className="h-5 w-full" />
            </div>
          )}
          {error && (
            <>
              <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
              <h1 className="text-2xl font-bold">Invitation Not Valid</h1>
              <p className="text-muted-foreground">
                {error instanceof ApiError && error.status !== 404
                  ? error.serverMessage
                  : 'This invitation link does not exist. Ask the owner to send a new one.'}
              </p>
              <Button asChild>
                <Link href="/">Go to Dashboard</Link>
              </Button>
            </>
          )}
          {invitation && (
            <>
              <HeartHandshake className="size-10 text-primary" aria-hidden="true" />
              <h1 className="text-2xl font-bold">Co-own {invitation.petName}</h1>
              <p className="text-muted-foreground">
                {invitation.invitedBy} invited you to join {possessive(invitation.petName)} Safety Circle: you will see
                and edit the profile, reminders and finder reports, and get {possessive(invitation.petName)} alerts.
              </p>
              {invitation.forViewer === 'yours' ? (
                <>
                  <p>You already own {invitation.petName}.</p>
                  <Button asChild>
                    <Link href="/">Go to Dashboard</Link>
                  </Button>
                </>
              ) : invitation.forViewer === 'another-address' ? (
                <>
                  <p>
                    This invitation was sent to another e-mail address. Log out, log in with that address, then open the
                    link in the invitation e-mail again.
                  </p>
                  <Button onClick={() => fullPageNavigate('/api/logout')}>Log Out</Button>
                </>
              ) : isAuthenticated ? (
                <Button onClick={acceptIt} busy={accept.isPending}>
                  {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
                </Button>
              ) : (
                <>
                  <p>Log in with the e-mail address this invitation was sent to, then accept it.</p>
                  <Button onClick={() => fullPageNavigate(loginUrl(`/invite/${token}`))}>Log In to Accept</Button>
                </>
              )}
              {accept.error && (
                <p role="alert" className="text-sm text-destructive">
                  {accept.error instanceof ApiError ? accept.error.serverMessage : errorMessage(accept.error)}
                </p>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
