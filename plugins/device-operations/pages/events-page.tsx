import { useDevice } from '@shared/plugin-api/context';
import { EventsList } from '../features/events/components/events-list';
import { TabAlerts, useTabAlerts } from './tab-alerts';

export function EventsPage({ source }: { source?: string }) {
  const { alerts, api, dismiss } = useTabAlerts();
  return (
    <>
      <TabAlerts alerts={alerts} dismiss={dismiss} />
      <EventsList source={source} alerts={api} />
    </>
  );
}

/** The device's Events tab. */
export default function EventsTabPage() {
  return <EventsPage source={useDevice().id} />;
}
