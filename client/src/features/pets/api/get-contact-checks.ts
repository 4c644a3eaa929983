import type { ContactCheck } from '@shared/contracts/contacts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The pets whose contact details were not confirmed for 180 days: the dashboard asks about them. */
export const contactChecksQuery = () =>
  queryOptions({ queryKey: ['/api/contact-checks'], queryFn: () => api.get<ContactCheck[]>('/api/contact-checks') });
