import { Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useThankFinders } from '../api/thank-finders';

const thankedText = (count: number) =>
  count === 0
    ? 'Every finder has already been thanked.'
    : `Your thank-you was sent to ${count === 1 ? 'the finder' : `${count} finders`}.`;

/** One tap, once the pet is home safe: one thank-you to each finder not thanked yet, however many reports they sent. */
export function ThankFindersButton({ petId }: { petId: string }) {
  const thank = useThankFinders(petId);
  return (
    <Button
      variant="outline"
      className="justify-self-start"
      busy={thank.isPending}
      // mutateAsync, not mutate's callbacks: those are dropped when the button unmounts, and it
      // does as soon as the refreshed reports have nobody left to thank.
      onClick={() =>
        thank.mutateAsync().then(
          ({ thanked }) => toast({ title: 'Finders Thanked', description: thankedText(thanked) }),
          (error) => showErrorToast({ error, fallback: 'Failed to thank the finders. Please try again.' }),
        )
      }
    >
      <Heart aria-hidden="true" />
      {thank.isPending ? 'Sending...' : 'Thank the Finders'}
    </Button>
  );
}
