import React, { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '@shared/ui/empty-state';
import { FilterInput } from '@shared/ui/filter-input';
import { Icon } from '@shared/ui/icon';
import { Spinner } from '@shared/ui/spinner';
import { Toggle } from '@shared/ui/toggle';
import { rolloutKeys, useRollouts } from '../api/rollouts';
import { visibleRollouts } from '../model/rollout';
import { RolloutCard } from './rollout-card';

/** The Software Rollouts page: filter, 'Show archived', 'Reload' and one card per rollout. */
export default function SoftwareRolloutsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const query = useRollouts();
  const shown = useMemo(() => visibleRollouts(query.data ?? [], { showArchived, text: filter }), [query.data, showArchived, filter]);
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
        <button type="button" className="btn btn-link" onClick={reload} disabled={query.isFetching} data-testid="reload">
          <Icon name="refresh" className={query.isFetching ? 'icon-spin' : undefined} /> {t('Reload')}
        </button>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('Software rollouts could not be loaded.')} {query.error.message}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState icon="rocket" title={t('No software rollouts available')} />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))', gap: 16, alignItems: 'start' }} data-testid="rollout-cards">
          {shown.map((r) => (
            <RolloutCard key={r.id} rollout={r} onReloadList={reload} />
          ))}
        </div>
      )}
    </div>
  );
}
