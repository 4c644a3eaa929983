import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

interface OwnerPreviewBarProps {
  petId: string;
  /** Whether the owner switched to their own view, hidden details included. */
  fullView: boolean;
  onFullViewChange: (fullView: boolean) => void;
}

/**
 * Above an owner's own scan page: the page is the stranger's (the Public Page switches apply), so
 * that an owner never believes finders see the address or the vet they hid. In the app's language,
 * English, whatever language the finder's page below is in.
 */
export function OwnerPreviewBar({ petId, fullView, onFullViewChange }: OwnerPreviewBarProps) {
  return (
    <section
      lang="en"
      aria-label="Owner preview"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-primary/40 bg-primary/10 p-3 text-sm"
    >
      <p className="flex basis-full items-center gap-2 font-semibold">
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        {fullView ? 'This is your full view: finders do not see the details you hid' : 'This is what finders see'}
      </p>
      {/* Straight to the switches: the form's fragment target takes the first one. */}
      <Link href={`/edit-pet/${petId}#publicPage.ownerName`} className="font-medium underline underline-offset-4">
        Change what finders see
      </Link>
      <Button variant="outline" size="sm" aria-pressed={fullView} onClick={() => onFullViewChange(!fullView)}>
        Show my full view
      </Button>
    </section>
  );
}
