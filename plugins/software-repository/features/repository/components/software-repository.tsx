import React, { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SoftwarePackage } from '@shared/platform/create-software-ng';
import { DEVICE_TYPES, DEFAULT_DEVICE_TYPE, isDeviceType, REPOSITORY_LABELS, type DeviceType } from '@shared/domain/device-types';
import { matchesNameOrVersion } from '@shared/domain/software-package';
import { usePlatformContext } from '@shared/plugin-api/context';
import type { RoleRequirement } from '@shared/plugin-api/roles';
import { CardGrid } from '@shared/ui/card-grid';
import { EmptyState } from '@shared/ui/empty-state';
import { FilterInput } from '@shared/ui/filter-input';
import { ReloadButton } from '@shared/ui/reload-button';
import { usePackages } from '../api/packages';
import { AddSoftware } from './add-software';
import { SoftwareCard, type CardMenuItem } from './software-card';
import { useScreenReady } from '@shared/plugin-api/screen-ready';
import { replaceQuery } from '@shared/plugin-api/hash-location';

export interface SoftwareRepositoryProps {
  /** Menu entries the page adds to every card; they receive the card's package and all packages of its type. */
  cardMenu?: readonly { label: string; testId: string; requires?: RoleRequirement; onSelect: (pkg: SoftwarePackage, all: readonly SoftwarePackage[]) => void }[];
}

/**
 * The filter box as wide as its placeholder needs (one `ch` per character is more than the
 * italic placeholder takes, plus the field's padding and its search icon), at least 260 px: at
 * 260 px the German "Nach Name oder Version filtern…" lost its end.
 */
export const filterBoxStyle = (placeholder: string): React.CSSProperties => ({ width: `calc(${placeholder.length}ch + 56px)`, minWidth: 260, maxWidth: '100%' });

/** The Software repository page: device-type select, filter, 'Add software', 'Reload' and the package cards. */
export function SoftwareRepository({ cardMenu = [] }: SoftwareRepositoryProps) {
  const { t } = useTranslation();
  const ctx = usePlatformContext();
  // The device type is the URL's (?deviceType=): a reload, Back and a bookmark show the type the user chose.
  const deviceType: DeviceType = isDeviceType(ctx.query.deviceType) ? ctx.query.deviceType : DEFAULT_DEVICE_TYPE;
  const setDeviceType = (next: DeviceType) => ctx.navigate(`${ctx.path}?${new URLSearchParams({ ...ctx.query, deviceType: next }).toString()}`);
  // The filter too (replacing the entry while typing).
  const [filter, setFilterState] = useState(ctx.query.filter ?? '');
  const setFilter = (text: string) => {
    setFilterState(text);
    replaceQuery(ctx.path, ctx.query, { filter: text });
  };
  const selectId = useId();
  const query = usePackages(deviceType);
  // The screen shows its data: the shell may load the plugins it deferred (a start at this route).
  useScreenReady(!query.isPending);
  const all = useMemo(() => query.data ?? [], [query.data]);
  // Cards turned to an edited back stay shown whatever the filter says: hidden, they were unmounted and the edits gone.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const onDirty = useCallback((id: string, dirty: boolean) => {
    setEdited((s) => {
      if (s.has(id) === dirty) return s;
      const next = new Set(s);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const shown = useMemo(() => all.filter((p) => matchesNameOrVersion(p, filter) || edited.has(String(p.id))), [all, filter, edited]);
  const menu: CardMenuItem[] = useMemo(
    () => cardMenu.map((m) => ({ label: m.label, testId: m.testId, requires: m.requires, onSelect: (pkg: SoftwarePackage) => m.onSelect(pkg, all) })),
    [cardMenu, all],
  );
  const reload = () => void query.refetch();
  const filterPlaceholder = t('Filter by name or version…');

  return (
    <div className="content-fullpage" data-testid="software-repository">
      <div className="action-bar d-flex a-i-center flex-wrap" role="toolbar" aria-label={t('Software repository')} style={{ gap: 8, marginBottom: 12 }}>
        <div className="d-flex a-i-center" style={{ gap: 8 }}>
          <label htmlFor={selectId} className="m-0">
            {t('Device type')}
          </label>
          <div className="c8y-select-wrapper">
            <select id={selectId} className="form-control" value={deviceType} onChange={(e) => setDeviceType(e.target.value as DeviceType)} data-testid="device-type">
              {DEVICE_TYPES.map((dt) => (
                <option key={dt} value={dt}>
                  {t(REPOSITORY_LABELS[dt])}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div style={filterBoxStyle(filterPlaceholder)} data-testid="filter-box">
          <FilterInput value={filter} onChange={setFilter} placeholder={filterPlaceholder} />
        </div>
        <div style={{ flex: 1 }} />
        <AddSoftware deviceType={deviceType} onAdded={reload} />
        <ReloadButton onClick={reload} fetching={query.isFetching} />
      </div>
      <CardGrid
        query={query}
        items={shown}
        renderCard={(pkg) => <SoftwareCard key={pkg.id} pkg={pkg} menu={menu} onChanged={reload} onDirty={onDirty} />}
        errorText={t('Software could not be loaded.')}
        empty={<EmptyState icon="software" title={t('No software to display.')} text={t('Add software using the button on the toolbar.')} />}
        minCardWidth={300}
        data-testid="software-cards"
      />
    </div>
  );
}
