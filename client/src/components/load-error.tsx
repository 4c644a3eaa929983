import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';

interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "Your orders could not be loaded." */
  title: string;
  /** Why, when known: the server's sentence is shown; otherwise the reader is told what to check. */
  error?: unknown;
  onRetry: () => void;
  /** A page whose only content failed gives the title its h1. */
  heading?: 'h1' | 'h2';
  /** The finder's pages say these in the finder's language; the app in English. */
  words?: { checkConnection: string; tryAgain: string };
}

const ENGLISH_WORDS = { checkConnection: 'Please check your connection and try again.', tryAgain: 'Try Again' };

/** A list or page that failed to load: what, why (the server's sentence) and a way to try again. */
export function LoadError({ title, error, onRetry, heading: Heading = 'h2', words = ENGLISH_WORDS }: LoadErrorProps) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 p-6">
      <Heading className="font-semibold">{title}</Heading>
      <p className="text-sm text-muted-foreground">{errorMessage(error, words.checkConnection)}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {words.tryAgain}
      </Button>
    </Card>
  );
}
