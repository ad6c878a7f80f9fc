/** Events: /event/events */
import { MEDIA, getPage, request, type Paged, type PagingParams } from './fetch-client';

export interface PlatformEvent {
  id: string;
  type: string;
  text: string;
  time: string;
  creationTime?: string;
  source: { id: string; name?: string };
  [fragment: string]: unknown;
}

export interface EventListParams extends PagingParams {
  source?: string;
  type?: string;
  fragmentType?: string;
  dateFrom?: string;
  dateTo?: string;
  withSourceAssets?: boolean;
  withSourceDevices?: boolean;
  revert?: boolean;
}

/** Lists events (one page), newest first. */
export function listEvents(params: EventListParams = {}): Promise<Paged<PlatformEvent>> {
  return getPage<PlatformEvent>('/event/events', 'events', { ...params }, MEDIA.eventCollection);
}

/** One event. */
export function getEvent(id: string): Promise<PlatformEvent> {
  return request<PlatformEvent>('GET', `/event/events/${encodeURIComponent(id)}`, { headers: { Accept: MEDIA.event } });
}

/** Creates an event (time defaults to now). */
export function createEvent(event: Omit<PlatformEvent, 'id' | 'time'> & { time?: string }): Promise<PlatformEvent> {
  return request<PlatformEvent>('POST', '/event/events', {
    body: { time: new Date().toISOString(), ...event },
    headers: { 'Content-Type': MEDIA.event, Accept: MEDIA.event },
  });
}
