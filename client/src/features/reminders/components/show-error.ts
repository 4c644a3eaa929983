import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';

/** A failed change on this page: a destructive toast with the server's own sentence. */
export const showError = (error: Error) =>
  toast({
    title: 'Error',
    description: errorMessage(error),
    variant: 'destructive',
  });
