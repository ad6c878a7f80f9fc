import { ServicesTab } from '../features/services/components/services-tab';
import { DevicePage } from './device-page';

export default function ServicesTabPage() {
  return <DevicePage>{(kit) => <ServicesTab device={kit.device} alerts={kit.alerts} onReload={kit.refresh} />}</DevicePage>;
}
