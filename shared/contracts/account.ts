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

/** Whether `zone` is a time zone the server can write times in ('Europe/Paris', 'UTC'). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `PUT /api/account/time-zone`: the browser's time zone, which the owner's e-mails tell times in. */
export const timeZoneSchema = z.object({
  timeZone: z.string('Must be text').max(64, 'Not a time zone').refine(isTimeZone, 'Not a time zone'),
});

export const TIME_ZONE_URL = '/api/account/time-zone';
