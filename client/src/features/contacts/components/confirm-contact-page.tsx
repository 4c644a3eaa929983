import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, LinkIcon, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useConfirmByLink } from '../api/confirm-by-link';
import { confirmationLinkQuery } from '../api/get-confirmation-link';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </CardContent>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/**
 * Where the reminder e-mail's link leads, signed in or not. Opening it confirms nothing (mail
 * scanners open links too): the one Confirm button does.
 */
export default function ConfirmContactPage() {
  const { token } = useParams<{ token: string }>();
  const link = useQuery({ ...confirmationLinkQuery(token), retry: false });
  const confirm = useConfirmByLink();
  const icon = 'size-12 text-accent-foreground';

  if (confirm.isSuccess && link.data)
    return (
      <Panel icon={<CheckCircle2 className={icon} aria-hidden="true" />} title="Details Confirmed">
        <p role="status">Thank you! {possessive(link.data.petName)} contact details are confirmed.</p>
      </Panel>
    );
  if (link.isPending)
    return (
      <Panel icon={<UserCheck className={icon} aria-hidden="true" />} title="Checking your link...">
        <p className="text-muted-foreground">One moment.</p>
      </Panel>
    );
  if (link.error)
    return (
      <Panel icon={<LinkIcon className="size-12 text-muted-foreground" aria-hidden="true" />} title="Link Not Valid">
        <p className="text-muted-foreground">
          {isNotFound(link.error) ? 'This link has expired or has already been used.' : errorMessage(link.error)}
        </p>
        <p className="text-sm text-muted-foreground">You can confirm the details on the pet's profile at any time.</p>
      </Panel>
    );

  const pet = link.data;
  return (
    <Panel
      icon={<UserCheck className={icon} aria-hidden="true" />}
      title={`Are ${possessive(pet.petName)} contact details still right?`}
    >
      <p className="text-muted-foreground">Whoever finds {pet.petName} reaches you with these details:</p>
      <dl className="flex w-full flex-col gap-3 rounded-md bg-muted p-4 text-left">
        <Detail label="Name" value={pet.ownerName} />
        <Detail label="Phone" value={pet.ownerPhone} />
        <Detail label="Email" value={pet.ownerEmail} />
        <Detail label="Address" value={pet.ownerAddress} />
      </dl>
      {confirm.isError && (
        <p role="alert" className="font-medium text-destructive">
          {isNotFound(confirm.error) ? 'This link has expired or has already been used.' : errorMessage(confirm.error)}
        </p>
      )}
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Button size="lg" busy={confirm.isPending} onClick={() => confirm.mutate(token)}>
          <CheckCircle2 aria-hidden="true" />
          {confirm.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
        {/* A full page load: signing in first is the sign-in's own business. */}
        <Button size="lg" variant="outline" asChild>
          <a href={`/edit-pet/${pet.petId}`}>Edit Details</a>
        </Button>
      </div>
    </Panel>
  );
}
