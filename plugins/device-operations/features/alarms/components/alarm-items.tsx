/** The body of an alarm list: its items, the empty text, the error and "Load more" (one for both lists). */
import { useTranslation } from 'react-i18next';
import type { Alarm, AlarmStatus } from '@shared/platform/alarms';
import { ListEnd } from '@shared/ui/empty-state';
import { Spinner } from '@shared/ui/spinner';
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
  return (
    <>
      <ul className="list-group" style={{ marginBottom: 0 }}>
        {items.map((a) => (
          <AlarmItem key={a.id} alarm={a} busy={busy} onStatus={onStatus} smartRuleAction={smartRule} />
        ))}
      </ul>
      {/* Loading (and retrying a failed read) is said, not shown as a blank card. */}
      {list.isLoading && <Spinner />}
      <ListEnd error={list.error} errorLead={t('The alarms could not be loaded:')} empty={!list.isLoading && items.length === 0} emptyText={t('No alarms to display')} data-testid="alarms-error" />
      {list.hasNextPage && (
        <div className="card-footer text-center">
          <button type="button" className="btn btn-default btn-sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('Load more')}
          </button>
        </div>
      )}
    </>
  );
}
