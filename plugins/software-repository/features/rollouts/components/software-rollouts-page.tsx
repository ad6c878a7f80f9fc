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
import { parseHash, replaceQuery } from '@shared/plugin-api/hash-location';
import { queryOfViews, viewsFromQuery, type RolloutView } from '../model/rollout-view';
import { RealtimeStatus } from '@shared/ui/realtime-status';

/** Cards shown at first and added by each 'Show more' (a whole number of rows at two, three and four columns). */
export const CARDS_AT_ONCE = 48;

/** The Software Rollouts page: filter, 'Show archived', 'Reload' and one card per rollout. */
export default function SoftwareRolloutsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Filter, 'Show archived', the cards showing their counters and an open devices dialog are kept
  // in the URL: Back from a device opened from a rollout, a reload and a bookmark show the list as the user had it.
  const { path, query: urlQuery } = usePlatformContext();
  const [filter, setFilterState] = useState(urlQuery.filter ?? '');
  const [showArchived, setShowArchivedState] = useState(urlQuery.archived === 'true');
  const [views, setViews] = useState(() => viewsFromQuery(urlQuery));
  // Merged into the address as it is now: two changes in a row, before the context hears of the first, keep both.
  const setInUrl = (changes: Record<string, string | undefined>) => {
    const now = parseHash(window.location.hash);
    replaceQuery(path, now.path === path ? now.query : urlQuery, changes);
  };
  const setFilter = (text: string) => {
    setFilterState(text);
    setInUrl({ filter: text });
  };
  const setShowArchived = (on: boolean) => {
    setShowArchivedState(on);
    setInUrl({ archived: on ? 'true' : undefined });
  };
  const changeViews = (change: (next: Map<string, RolloutView>) => void) => {
    const next = new Map(views);
    change(next);
    setViews(next);
    setInUrl(queryOfViews(next));
  };
  const setView = (id: string, view: RolloutView) =>
    changeViews((next) => {
      if (view.expanded) next.set(id, view);
      else next.delete(id);
    });
  const query = useRollouts();
  // Rollouts opened in the address that the list no longer has (deleted since, or a wrong bookmark): said, not silently nothing.
  const gone = query.data && !query.isPlaceholderData ? [...views.keys()].filter((id) => !query.data.some((r) => r.id === id)) : [];
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!query.isPending);
  const shown = useMemo(() => visibleRollouts(query.data ?? [], { showArchived, text: filter }), [query.data, showArchived, filter]);
  // Opened ones the list has but hides as archived (a bookmark, or archived since): where they are.
  const archived = showArchived ? [] : (query.data ?? []).filter((r) => views.has(r.id) && r.status === 'ARCHIVED');
  // Opened ones the list has and would show but for the filter text (a bookmark, or typed since): said, with the way to see them.
  const filtered = useMemo(() => {
    const ids = new Set(shown.map((r) => r.id));
    return (query.data ?? []).filter((r) => views.has(r.id) && !ids.has(r.id) && (showArchived || r.status !== 'ARCHIVED'));
  }, [query.data, views, shown, showArchived]);
  // Nothing shown, but archived ones would be: the empty page says where they are.
  const archivedHidden = useMemo(
    () => !showArchived && shown.length === 0 && visibleRollouts(query.data ?? [], { showArchived: true, text: filter }).length > 0,
    [query.data, showArchived, filter, shown.length],
  );
  // A tenant with hundreds of rollouts: the first cards and the opened ones, more on request (500 cards took 1.5 s to show and 0.3 s per typed filter letter).
  const [limit, setLimit] = useState(CARDS_AT_ONCE);
  const listed = useMemo(() => shown.filter((r, i) => i < limit || views.has(r.id)), [shown, limit, views]);
  const notListed = shown.length - listed.length;
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
      {gone.map((id) => (
        <div key={id} className="alert alert-warning d-flex a-i-center" role="alert" style={{ gap: 12 }} data-testid="rollout-gone">
          <span style={{ flex: 1 }}>{t('The software rollout {{id}} opened in this address no longer exists: it was deleted.', { id })}</span>
          <button type="button" className="btn btn-default btn-sm" onClick={() => changeViews((next) => void next.delete(id))} data-testid="rollout-gone-dismiss">
            {t('Close')}
          </button>
        </div>
      ))}
      {archived.map((r) => (
        <div key={r.id} className="alert alert-info d-flex a-i-center" role="status" style={{ gap: 12 }} data-testid="rollout-hidden">
          <span style={{ flex: 1 }}>{t('The opened software rollout "{{name}}" is archived: switch on "Show archived" to see it.', { name: r.name ?? r.software?.name })}</span>
          <button type="button" className="btn btn-default btn-sm" onClick={() => changeViews((next) => void next.delete(r.id))} data-testid="rollout-hidden-dismiss">
            {t('Close')}
          </button>
        </div>
      ))}
      {filtered.map((r) => (
        <div key={r.id} className="alert alert-info d-flex a-i-center" role="status" style={{ gap: 12 }} data-testid="rollout-filtered">
          <span style={{ flex: 1 }}>
            {t('The opened software rollout "{{name}}" does not match the filter "{{filter}}": clear the filter to see it.', { name: r.name ?? r.software?.name, filter: filter.trim() })}
          </span>
          <button type="button" className="btn btn-default btn-sm" onClick={() => setFilter('')} data-testid="rollout-filtered-clear">
            {t('Clear filter')}
          </button>
          <button type="button" className="btn btn-default btn-sm" onClick={() => changeViews((next) => void next.delete(r.id))} data-testid="rollout-filtered-dismiss">
            {t('Close')}
          </button>
        </div>
      ))}
      <CardGrid
        query={query}
        items={listed}
        renderCard={(r) => <RolloutCard key={r.id} rollout={r} onReloadList={reload} view={views.get(r.id)} onViewChange={(v) => setView(r.id, v)} />}
        errorText={t('Software rollouts could not be loaded.')}
        empty={
          <EmptyState
            icon="rocket"
            title={t('No software rollouts available')}
            text={
              archivedHidden
                ? t('Switch on "Show archived" to see the archived software rollouts.')
                : !query.data?.length
                  ? // None at all (a new tenant): where one is made.
                    t('A software rollout is created in a device list: select the devices, then "Select software" and "Create Software Rollout".')
                  : undefined
            }
          />
        }
        minCardWidth={340}
        data-testid="rollout-cards"
      />
      {notListed > 0 && (
        <div className="d-flex a-i-center j-c-center m-t-16" style={{ gap: 12 }} data-testid="rollouts-more">
          <span className="text-muted">{t('{{shown, number}} of {{total, number}} software rollouts shown', { shown: listed.length, total: shown.length })}</span>
          <button type="button" className="btn btn-default" onClick={() => setLimit((l) => l + CARDS_AT_ONCE)} data-testid="rollouts-show-more">
            {t('Show {{count, number}} more', { count: Math.min(notListed, CARDS_AT_ONCE) })}
          </button>
        </div>
      )}
    </div>
  );
}
