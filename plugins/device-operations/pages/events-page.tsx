import { useDevice } from '@shared/plugin-api/context';
import { EventsList } from '../features/events/components/events-list';
import { tabAlerts } from './tab-alerts';

export function EventsPage({ source }: { source?: string }) {
  return <EventsList source={source} alerts={tabAlerts} />;
}

/** The device's Events tab. */
export default function EventsTabPage() {
  return <EventsPage source={useDevice().id} />;
}
