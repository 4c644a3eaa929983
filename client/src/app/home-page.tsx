import { DeviceAlerts } from '@/features/alerts/components/device-alerts';
import DashboardPage from '@/features/pets/components/dashboard-page';

/** The signed-in start page: the dashboard, with this device's alerts beside its heading. */
export default function HomePage() {
  return <DashboardPage actions={<DeviceAlerts />} />;
}
