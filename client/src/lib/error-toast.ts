import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';

/**
 * The one way the app says something failed: a destructive toast titled 'Error' (or the title the
 * spec gives, such as 'Payment Failed'), saying the server's own sentence when there is one and
 * `fallback` otherwise.
 */
export function showErrorToast({
  error,
  fallback,
  title = 'Error',
}: {
  error?: unknown;
  fallback: string;
  title?: string;
}) {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
