import React, { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { CardGrid } from '@shared/ui/card-grid';
import { EmptyState } from '@shared/ui/empty-state';
import { FilterInput } from '@shared/ui/filter-input';
import { ReloadButton } from '@shared/ui/reload-button';
import { Toggle } from '@shared/ui/toggle';
import { rolloutKeys, useRollouts } from '../api/rollouts';
import { visibleRollouts } from '../model/rollout';
import { RolloutCard } from './rollout-card';
import { useScreenReady } from '@shared/plugin-api/screen-ready';
import { usePlatformContext } from '@shared/plugin-api/context';
import { replaceQuery } from '@shared/plugin-api/hash-location';
import { RealtimeStatus } from '@shared/ui/realtime-status';

/** The Software Rollouts page: filter, 'Show archived', 'Reload' and one card per rollout. */
export default function SoftwareRolloutsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Filter and 'Show archived' are kept in the URL: Back from a device opened from a rollout, and a reload, show the list as the user had it.
  const { path, query: urlQuery } = usePlatformContext();
  const [filter, setFilterState] = useState(urlQuery.filter ?? '');
  const [showArchived, setShowArchivedState] = useState(urlQuery.archived === 'true');
  const setFilter = (text: string) => {
    setFilterState(text);
    replaceQuery(path, urlQuery, { filter: text });
  };
  const setShowArchived = (on: boolean) => {
    setShowArchivedState(on);
    replaceQuery(path, urlQuery, { archived: on ? 'true' : undefined });
  };
  const query = useRollouts();
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!query.isPending);
  const shown = useMemo(() => visibleRollouts(query.data ?? [], { showArchived, text: filter }), [query.data, showArchived, filter]);
  // Nothing shown, but archived ones would be: the empty page says where they are.
  const archivedHidden = useMemo(
    () => !showArchived && shown.length === 0 && visibleRollouts(query.data ?? [], { showArchived: true, text: filter }).length > 0,
    [query.data, showArchived, filter, shown.length],
  );
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: rolloutKeys.all }), [queryClient]);

  return (
    <div className="content-fullpage" data-testid="software-rollouts">
      <div className="action-bar d-flex a-i-center flex-wrap" role="toolbar" aria-label={t('Software Rollouts')} style={{ gap: 12, marginBottom: 12 }}>
        <div style={{ width: 260 }}>
          <FilterInput value={filter} onChange={setFilter} placeholder={t('Filter rollouts…')} />
        </div>
        <div data-testid="show-archived">
          <Toggle checked={showArchived} onChange={setShowArchived} label={t('Show archived')} />
        </div>
        <div style={{ flex: 1 }} />
        {/* Unsettled rollouts follow their realtime notifications (one warning for all cards). */}
        <RealtimeStatus />
        <ReloadButton onClick={reload} fetching={query.isFetching} />
      </div>
      <CardGrid
        query={query}
        items={shown}
        renderCard={(r) => <RolloutCard key={r.id} rollout={r} onReloadList={reload} />}
        errorText={t('Software rollouts could not be loaded.')}
        empty={
          <EmptyState
            icon="rocket"
            title={t('No software rollouts available')}
            text={archivedHidden ? t('Switch on "Show archived" to see the archived software rollouts.') : undefined}
          />
        }
        minCardWidth={340}
        data-testid="rollout-cards"
      />
    </div>
  );
}
