/** The body of an alarm list: its items, the empty text, the error and "Load more" (one for both lists). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm, AlarmStatus } from '@shared/platform/alarms';
import { ListEnd } from '@shared/ui/empty-state';
import { Spinner } from '@shared/ui/spinner';
import { ALARM_NEXT_PAGE_THROTTLE_MS } from '@shared/domain/constants';
import { AlarmItem } from './alarm-item';

export interface AlarmItemsProps {
  items: readonly Alarm[];
  /** The list's query state (an infinite query's). */
  list: { isLoading: boolean; error: Error | null; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  busy: boolean;
  onStatus?: (a: Alarm, s: AlarmStatus) => void;
  smartRule?: (a: Alarm) => React.ReactNode;
}

export function AlarmItems({ items, list, busy, onStatus, smartRule }: AlarmItemsProps) {
  const { t } = useTranslation();
  // "Load more" is disabled while the next page is read (focus falls to the page) and goes away
  // after the last one: then focus moves to the first alarm it brought, as "Search more" does.
  const listRef = useRef<HTMLUListElement>(null);
  const loadMoreRef = useRef<HTMLButtonElement>(null);
  const shownBefore = useRef<number | null>(null);
  useEffect(() => {
    if (list.isFetchingNextPage || shownBefore.current === null) return;
    const first = shownBefore.current;
    shownBefore.current = null;
    const active = document.activeElement;
    // Only when focus fell to the page: a user who moved on meanwhile keeps where they went.
    if (active && active !== document.body && active !== loadMoreRef.current) return;
    const firstNew = listRef.current?.querySelectorAll('[data-testid="alarm-item"]')[first]?.querySelector<HTMLElement>('button');
    (firstNew ?? loadMoreRef.current)?.focus();
  }, [list.isFetchingNextPage]);
  // Spec 2: the next-page load is throttled (a double click, or Enter held down, reads one page).
  const lastLoad = useRef(-Infinity);
  const loadMore = () => {
    const now = Date.now();
    if (now - lastLoad.current < ALARM_NEXT_PAGE_THROTTLE_MS) return;
    lastLoad.current = now;
    shownBefore.current = items.length;
    void list.fetchNextPage();
  };
  return (
    <>
      <ul className="list-group" style={{ marginBottom: 0 }} ref={listRef}>
        {items.map((a) => (
          <AlarmItem key={a.id} alarm={a} busy={busy} onStatus={onStatus} smartRuleAction={smartRule} />
        ))}
      </ul>
      {/* Loading (and retrying a failed read) is said, not shown as a blank card. */}
      {list.isLoading && <Spinner />}
      <ListEnd error={list.error} errorLead={t('The alarms could not be loaded:')} empty={!list.isLoading && items.length === 0} emptyText={t('No alarms to display')} data-testid="alarms-error" />
      {list.hasNextPage && (
        <div className="card-footer text-center">
          <button type="button" className="btn btn-default btn-sm" disabled={list.isFetchingNextPage} onClick={loadMore} ref={loadMoreRef}>
            {t('Load more')}
          </button>
        </div>
      )}
    </>
  );
}
