import { ACCOUNT_EXPORT_URL, DELETE_CONFIRMATION } from '@shared/contracts/account';
import { Download, MailWarning, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldRow } from '@/components/field-row';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { WarningNotice } from '@/components/warning-notice';
import { noteAccountDeleted } from '@/lib/account-deleted';
import { useAuth } from '@/lib/auth';
import { showErrorToast } from '@/lib/error-toast';
import { fullPageNavigate } from '@/lib/navigation';
import { useDeleteAccount } from '../api/delete-account';

function DownloadDataCard() {
  return (
    <SectionCard
      title="Your Data"
      description={
        <>
          A copy of everything you keep in Homeward: your pets and their photos, reminders, orders, the areas you watch,
          and the reports and sightings people sent you about your pets, with your conversations. It comes as a ZIP file
          holding a JSON document and the photos.
        </>
      }
    >
      {/* A download, not a page: the browser saves the file and the page stays. */}
      <Button asChild>
        <a href={ACCOUNT_EXPORT_URL} download>
          <Download aria-hidden="true" />
          Download My Data
        </a>
      </Button>
    </SectionCard>
  );
}

function DeleteAccountCard() {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_CONFIRMATION;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(typed.trim(), {
      // Ends the identity provider's session too, which brings the browser back to the landing page.
      onSuccess: ({ signOutUrl }) => {
        noteAccountDeleted();
        fullPageNavigate(signOutUrl);
      },
      onError: (error) => showErrorToast({ error, fallback: 'Please try again.' }),
    });
  };

  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-destructive">Delete Account</h2>
        </CardTitle>
        <CardDescription>This deletes your account at once and for good. It cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>
            Your pets, their photos, reminders and finder reports are deleted. Their QR codes stop working: the scan
            page will say the pet was not found.
          </li>
          <li>Pets you created are deleted even if you share them with other people.</li>
          <li>Pets other people created and share with you stay with them.</li>
          <li>Your calendar link, alerts and any e-mails still waiting to be sent are deleted too.</li>
          <li>
            Orders you paid for are kept for our accounting and tax records, without your name, address, phone number or
            engraving. Tags not yet shipped will not be sent.
          </li>
        </ul>
        <p className="text-sm">Download your data first if you want to keep a copy.</p>
        <form onSubmit={submit} className="grid gap-3 sm:max-w-sm">
          <FieldRow htmlFor={inputId} label={<>Type {DELETE_CONFIRMATION} to confirm</>}>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </FieldRow>
          <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting...' : 'Delete Account'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Why no e-mail comes: the sign-in provider did not vouch for the address (it may be someone else's). */
function UnverifiedAddressNotice({ email }: { email: string }) {
  // An address is one account's: one whose provider never vouched for it gives it up to a sign-in
  // whose provider did (server/auth/users.repository.ts), and is left without any.
  if (!email)
    return (
      <WarningNotice icon={MailWarning} title="Homeward has no e-mail address for you">
        <p className="text-sm">
          Someone whose sign-in provider verified the address you signed in with has taken it for their account. Finder
          reports and alerts reach you in the app and as alerts on your devices.
        </p>
      </WarningNotice>
    );
  return (
    <WarningNotice icon={MailWarning} title={<>Homeward does not e-mail {email}</>}>
      <p className="text-sm">
        Your sign-in provider has not verified that this address is yours, so finder reports and alerts reach you in the
        app and as alerts on your devices, not by e-mail. Verify the address with your provider, then sign in again.
      </p>
    </WarningNotice>
  );
}

export default function AccountPage() {
  const { user } = useAuth();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-1 text-muted-foreground">
          Signed in as {name && user?.email ? `${name} (${user.email})` : name || user?.email}
        </p>
      </div>
      {user && !user.emailVerified && <UnverifiedAddressNotice email={user.email} />}
      <DownloadDataCard />
      <DeleteAccountCard />
    </div>
  );
}
