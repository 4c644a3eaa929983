import type { ContactConfirmationLink } from '@shared/contracts/contacts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What an e-mailed confirmation link is about; reading it confirms nothing. */
export const confirmationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/contact-confirmations', token],
    queryFn: () => api.get<ContactConfirmationLink>(`/api/contact-confirmations/${encodeURIComponent(token)}`),
  });
