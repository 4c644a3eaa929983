import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientConfigQuery } from '@/api/config';
import { api, apiRequest } from '@/lib/api-client';
import { currentSubscription, subscribeThisBrowser } from '../browser-push';

/** The server keeps this browser's subscription for whoever is signed in (the body is `toJSON()`'s). */
export const saveSubscription = (subscription: PushSubscription) =>
  api.post<void>('/api/push/subscriptions', subscription.toJSON());

/** This browser's alerts: its push subscription, or null when they are off. */
export const thisBrowserQuery = () =>
  queryOptions({ queryKey: ['push-subscription'], queryFn: currentSubscription, staleTime: Number.POSITIVE_INFINITY });

export function useEnableAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { push } = await queryClient.fetchQuery(clientConfigQuery());
      const subscription = await subscribeThisBrowser(push.publicKey);
      if (subscription !== 'denied') await saveSubscription(subscription);
      return subscription;
    },
    onSuccess: (subscription) => {
      if (subscription !== 'denied') queryClient.setQueryData(thisBrowserQuery().queryKey, subscription);
    },
  });
}

export function useTurnOffAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscription) => {
      await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    },
    onSuccess: () => queryClient.setQueryData(thisBrowserQuery().queryKey, null),
  });
}
