import { useTurnOnAlertsHere } from '@/features/alerts/api/push-subscription';
import { DeviceAlerts } from '@/features/alerts/components/device-alerts';
import { useNotificationsBlocked } from '@/features/alerts/use-notifications-blocked';
import WatchAreasPage from '@/features/watch-areas/components/watch-areas-page';

/**
 * Watch My Area, with the dashboard's switch for alerts on this device beside its push choice, and
 * its way of turning them on, which an area with push goes through before it is saved.
 */
export default function WatchAreasRoute() {
  const turnOnPush = useTurnOnAlertsHere();
  const pushBlocked = useNotificationsBlocked();
  return (
    <WatchAreasPage
      deviceAlerts={<DeviceAlerts note="Push alerts come to the devices where alerts are on." />}
      pushBlocked={pushBlocked}
      turnOnPush={turnOnPush}
    />
  );
}
