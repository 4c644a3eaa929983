import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { saveSubscription, thisBrowserQuery, useEnableAlerts, useTurnOffAlerts } from '../api/push-subscription';
import { pushAvailability } from '../browser-push';
import { useNotificationsBlocked } from '../use-notifications-blocked';
import { alertsFailureText, HOME_SCREEN_NEEDED } from '../why-no-alerts';

const note = 'max-w-xs text-sm text-muted-foreground';

/**
 * Alerts on this device: when a finder shares where a pet is, every device its owners turned on
 * hears of it. Shown on the dashboard, beside its heading.
 */
export function DeviceAlerts({
  note: offNote = 'Know the moment a finder shares where your pet is.',
}: {
  note?: string;
}) {
  const [availability] = useState(pushAvailability);
  if (availability === 'needs-home-screen') return <p className={note}>{HOME_SCREEN_NEEDED}</p>;
  if (availability === 'unavailable') return null;
  return <AlertsSwitch offNote={offNote} />;
}

/** `offNote` says, while alerts are off, what turning them on brings. */
function AlertsSwitch({ offNote }: { offNote: string }) {
  const { data: subscription, isPending } = useQuery(thisBrowserQuery());
  const enable = useEnableAlerts();
  const turnOff = useTurnOffAlerts();
  const denied = useNotificationsBlocked();

  // Said again on each visit: the person signed in may have changed, or the server dropped it.
  useEffect(() => {
    if (subscription) saveSubscription(subscription).catch(() => {});
  }, [subscription]);

  const failure = enable.error ?? turnOff.error;
  const busy = enable.isPending || turnOff.isPending;

  if (isPending) return null;
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      {subscription ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 text-sm">
            <Bell className="size-4 text-primary" aria-hidden="true" />
            Alerts are on for this device
          </p>
          <Button variant="outline" size="sm" busy={busy} onClick={() => turnOff.mutate(subscription)}>
            <BellOff aria-hidden="true" />
            Turn Off
          </Button>
        </div>
      ) : denied ? (
        <p className={note}>Alerts are blocked for Homeward in this browser's settings.</p>
      ) : (
        <Button variant="outline" busy={busy} onClick={() => enable.mutate()}>
          <Bell aria-hidden="true" />
          Enable Alerts
        </Button>
      )}
      {!subscription && !denied && <p className={note}>{offNote}</p>}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          Alerts could not be changed. {alertsFailureText(failure)}
        </p>
      )}
    </div>
  );
}
