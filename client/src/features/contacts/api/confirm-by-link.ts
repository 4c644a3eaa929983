import type { ContactConfirmation } from '@shared/contracts/contacts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const confirmByLink = (token: string) =>
  api.post<ContactConfirmation>(`/api/contact-confirmations/${encodeURIComponent(token)}`);

/** The page's one Confirm button: the link confirms the pet's details, and only that, once. */
export const useConfirmByLink = () => useMutation({ mutationFn: confirmByLink });
