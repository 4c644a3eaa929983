import { z } from 'zod';

/** What a person types to confirm that their account is to be deleted. */
export const DELETE_CONFIRMATION = 'DELETE';

export const deleteAccountSchema = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});

export interface DeleteAccountResponse {
  /** Where the browser goes next: the identity provider's sign-out, which returns to the landing page. */
  signOutUrl: string;
}

export const ACCOUNT_EXPORT_URL = '/api/account/export';
