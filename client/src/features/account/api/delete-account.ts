import type { DeleteAccountResponse } from '@shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Deletes the signed-in account; `confirm` is what the person typed, checked by the server too. */
export const deleteAccount = async (confirm: string) =>
  (await (await apiRequest('DELETE', '/api/account', { confirm })).json()) as DeleteAccountResponse;

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
