import { EventsPage } from './events-page';

/** /events: all devices' events. */
export default function EventsRoutePage() {
  return <EventsPage />;
}
