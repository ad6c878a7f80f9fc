/** Event list filtered by an event type selector (device Events tab and the /events page). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENTS_PAGE_SIZE, useEventTypes, useEvents } from '../api/events';
import { useScreenReady } from '@shared/plugin-api/screen-ready';
import { formatDateTime } from '@shared/domain/formats';
import { ListEnd } from '@shared/ui/empty-state';
import { Pager } from '@shared/ui/pager';
import { Spinner } from '@shared/ui/spinner';
import { DeviceLink } from '@shared/ui/device-link';

export interface EventsListProps {
  /** Device id; all events when absent. */
  source?: string;
  alerts: { fail(error: unknown): void };
}

export function EventsList({ source, alerts }: EventsListProps) {
  const { t } = useTranslation();
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const types = useEventTypes();
  const events = useEvents({ source, type, page });
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!events.isPending);
  // What failed is said once: the events' read below the table (ListEnd), the event types' read
  // (which leaves the type selector empty) in the page's alerts, with what failed (it was a bare
  // "Database unavailable").
  const error = types.error ? `${t('The event types could not be loaded:')} ${(types.error as Error).message}` : null;
  useEffect(() => {
    if (error) alerts.fail(error);
  }, [error, alerts]);
  // The list, and the type selector if its lookup failed (it then offers no type to pick).
  const reload = () => {
    void events.refetch();
    if (types.isError) void types.refetch();
  };
  const items = events.data?.items ?? [];
  const totalPages = events.data?.statistics.totalPages;

  return (
    <div className="content-fullpage" data-testid="events-list">
      <div className="action-bar" style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        <label htmlFor="event-type" style={{ margin: 0 }}>
          {t('Event type')}
        </label>
        <select
          id="event-type"
          className="form-control"
          style={{ width: 'auto' }}
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('All')}</option>
          {(types.data ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-default" onClick={reload} aria-busy={events.isFetching || undefined}>
          <i className={events.isFetching ? 'dlt-c8y-icon-refresh icon-spin' : 'dlt-c8y-icon-refresh'} /> {t('Reload')}
        </button>
      </div>
      <div className="card">
        <table className="table table-striped" aria-busy={events.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th>{t('Date')}</th>
              {!source && <th>{t('Device')}</th>}
              <th>{t('Type')}</th>
              <th>{t('Text')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id} data-testid="event-row">
                <td>{formatDateTime(e.time)}</td>
                {!source && (
                  <td>
                    <DeviceLink id={e.source.id} name={e.source.name} />
                  </td>
                )}
                <td>{e.type}</td>
                <td>{e.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* Loading (and retrying a failed read) is said, not shown as an empty table; so is another
            page or type still being read while the rows shown are the previous one's. */}
        {(events.isLoading || events.isPlaceholderData) && <Spinner />}
        {/* "No events" only for the type and page shown: the previous type's empty list, kept while the next type is read, says nothing about it. */}
        <ListEnd
          error={events.error}
          errorLead={t('The events could not be loaded:')}
          empty={!events.isLoading && !events.isPlaceholderData && items.length === 0}
          emptyText={t('No events to display')}
          data-testid="events-error"
        />
        {/* The lists' pager: which page of how many, First and Last, not only Previous / Next. */}
        <Pager
          currentPage={page}
          totalPages={totalPages}
          hasNext={events.data?.hasNext}
          pageSize={EVENTS_PAGE_SIZE}
          onPageChange={setPage}
        />
      </div>
    </div>
  );
}
