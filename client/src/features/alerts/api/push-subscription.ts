import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientConfigQuery } from '@/api/config';
import { api, apiRequest } from '@/lib/api-client';
import { currentSubscription, pushAvailability, subscribeThisBrowser } from '../browser-push';
import { alertsFailureText, HOME_SCREEN_NEEDED, NOTIFICATIONS_NOT_ALLOWED, PUSH_UNSUPPORTED } from '../why-no-alerts';

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

/**
 * Alerts on this device for a choice worth nothing without them (a watch area's push): kept when
 * they are on, else turned on as 'Enable Alerts' does (the browser asks for permission while the
 * tap still counts as the person's, the device subscribes and the server is told of it). Answers,
 * in words, why they could not be; nothing once they are on.
 */
export function useTurnOnAlertsHere() {
  const queryClient = useQueryClient();
  const enable = useEnableAlerts();
  return async (): Promise<string | undefined> => {
    const availability = pushAvailability();
    if (availability === 'needs-home-screen') return HOME_SCREEN_NEEDED;
    if (availability === 'unavailable') return PUSH_UNSUPPORTED;
    const turnOn = async () => {
      if (await queryClient.fetchQuery(thisBrowserQuery())) return undefined;
      return (await enable.mutateAsync()) === 'denied' ? NOTIFICATIONS_NOT_ALLOWED : undefined;
    };
    // A browser whose push service never answers would leave the form saving for ever: past a
    // minute (time enough to read the browser's question), it is said to be out of reach.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const noAnswer = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(alertsFailureText(new DOMException('No answer', 'AbortError'))),
        TURN_ON_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([turnOn(), noAnswer]);
    } catch (error) {
      return alertsFailureText(error);
    } finally {
      clearTimeout(timer);
    }
  };
}

const TURN_ON_TIMEOUT_MS = 60_000;

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
