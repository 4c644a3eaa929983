import { formatDateTime } from '../../shared/i18n/format';

/**
 * A moment in an owner's e-mail ('Nov 23, 2026, 6:25 AM UTC'). The server does not know where the
 * reader is, so it is given in UTC and says so.
 */
export const ownerEmailTime = (moment: Date) => `${formatDateTime(moment, 'en', 'UTC')} UTC`;
