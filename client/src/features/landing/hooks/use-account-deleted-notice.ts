import { useEffect } from 'react';
import { toast } from '@/hooks/use-toast';
import { takeAccountDeleted } from '@/lib/account-deleted';

/** After Delete Account the browser signs out and lands here: say that the account is gone, once. */
export function useAccountDeletedNotice() {
  useEffect(() => {
    if (takeAccountDeleted())
      toast({ title: 'Account Deleted', description: 'Your account has been deleted. Thank you for using Homeward.' });
  }, []);
}
