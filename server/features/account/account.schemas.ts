import { deleteAccountSchema, timeZoneSchema } from '../../../shared/contracts/account';

/** What each account route accepts. */
export const accountSchemas = {
  delete: { body: deleteAccountSchema },
  timeZone: { body: timeZoneSchema },
};
