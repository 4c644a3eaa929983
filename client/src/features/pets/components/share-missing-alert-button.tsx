import { missingAlertText } from '@shared/contracts/previews';
import { Megaphone } from 'lucide-react';
import type { OwnerPet } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Passes on a missing pet's alert: a ready sentence and the scan page's link, whose preview in a
 * chat or a feed is the pet's missing card. The phone's share sheet where there is one; otherwise
 * the words are copied, to paste anywhere.
 */
async function shareMissingAlert(pet: OwnerPet) {
  const link = `${window.location.origin}/scan/${pet.id}`;
  const words = missingAlertText(pet);
  if (navigator.share) {
    try {
      await navigator.share({ title: `${pet.name} is missing`, text: words, url: link });
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; any other refusal falls back to copying.
      if (isAbort(error)) return;
    }
  }
  const alert = `${words} ${link}`;
  try {
    await navigator.clipboard.writeText(alert);
    toast({
      title: 'Alert Copied!',
      description: 'The missing alert and its link have been copied to your clipboard.',
    });
  } catch {
    showErrorToast({ title: 'Could Not Copy Alert', fallback: alert });
  }
}

export function ShareMissingAlertButton({ pet }: { pet: OwnerPet }) {
  return (
    <Button variant="outline" onClick={() => shareMissingAlert(pet)}>
      <Megaphone aria-hidden="true" />
      Share Missing Alert
    </Button>
  );
}
