import React, { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Device, DeviceTabContribution, PlatformContext, Registered } from '@shared/plugin-api/types';
import { iconClass } from '@shared/ui/icon';
import { useShellT } from '../i18n-setup';
import { ParcelMount } from '../mount/parcel-mount';
import { replace } from '../routing/hash-location';
import { DEVICE_TAB_REDIRECTS } from '../routing/device-guard';
import { deviceTabsFor } from './device-tabs';
import { failedPlugins } from '../routing/missing-page';
import { useRegistry } from '../plugin-host/registry';
import { FailedPluginList, RetryButton, usePageTexts } from './missing-page';
import { TAB_LIST_END_ROOM, TabSliders, useTabStrip } from './tab-strip';

export interface DevicePageProps {
  device: Device;
  tab: string | undefined;
  tabs: readonly Registered<DeviceTabContribution>[];
  /** Context of the device route (device set, params { id }). */
  context: PlatformContext;
  queryClient: unknown;
  /** Plugins are still loading: tabs may still arrive. */
  pluginsLoading: boolean;
}

export function DevicePage({ device, tab, tabs, context, queryClient, pluginsLoading }: DevicePageProps) {
  usePageTexts();
  const { t, i18n } = useShellT();
  const shown = useMemo(() => deviceTabsFor(tabs, device, context), [tabs, device, context]);
  const base = `/device/${device.id}`;
  const redirect = tab ? DEVICE_TAB_REDIRECTS[tab] : undefined;
  const active = shown.find((x) => x.path === tab);
  // A tab that is registered but refused for this device (e.g. Device Control below the agent
  // version it needs) is named by its label in the user's language, not by its path.
  const refused = active ? undefined : tabs.find((x) => x.path === tab);
  const label = (x: Registered<DeviceTabContribution>) => i18n.t(x.label, { ns: [x.pluginId, 'shell'] });
  // A tab nobody shows may belong to a plugin that failed: the manifest does not say which.
  const plugins = useRegistry((s) => s.exports);
  const statuses = useRegistry((s) => s.plugins);
  const failed = useMemo(() => failedPlugins(plugins ?? [], statuses), [plugins, statuses]);

  // The tabs pattern (WAI-ARIA APG) with manual activation: arrow keys, Home and End move focus
  // between the tabs, Enter or Space opens the focused one. Manual, because opening a tab loads a
  // plugin's parcel: moving through the tabs must not load each one on the way. One tab is in the
  // page's Tab order (roving tabindex): the focused one while focus is in the list, else the open one.
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const activeIndex = active ? shown.indexOf(active) : -1;
  const rovingIndex = focusIndex !== null && focusIndex < shown.length ? focusIndex : Math.max(activeIndex, 0);
  const onTabKeyDown = (e: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = shown.length - 1;
    const next =
      e.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? last
      : null;
    if (next !== null) {
      e.preventDefault();
      setFocusIndex(next);
      tabRefs.current[next]?.focus();
    } else if (e.key === ' ') {
      // A link opens on Enter by itself; Space is the tab's key too.
      e.preventDefault();
      e.currentTarget.click();
    }
  };
  const panelId = `device-tabpanel-${device.id}`;
  const tabId = (path: string) => `device-tab-${path}`;

  useEffect(() => {
    if (redirect) replace(`${base}/${redirect}`);
    // Wait for every plugin before choosing the default tab: a later one may bring a higher priority.
    else if (!tab && !pluginsLoading && shown.length) replace(`${base}/${shown[0].path}`);
  }, [redirect, tab, pluginsLoading, shown, base]);

  // The strip scrolls sideways when the tabs are wider than the page (the platform's tab container):
  // the open tab is kept in view, e.g. 'adamos Connection' at the end at 1280 px in German.
  const tabContainer = useRef<HTMLDivElement>(null);
  const strip = useTabStrip(tabContainer, active?.path);

  return (
    <div className="device-page" data-testid="device-page">
      <div className="page-tabs page-tabs-horizontal">
        <div className="tabContainer" ref={tabContainer}>
          <TabSliders {...strip} />
          <ul
            className="nav nav-tabs"
            style={TAB_LIST_END_ROOM}
            role="tablist"
            aria-label={t('Device tabs')}
            data-testid="device-tabs"
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusIndex(null);
            }}
          >
            {shown.map((x, i) => (
              <li key={x.id} className={x === active ? 'active' : undefined} role="presentation">
                <a
                  ref={(el) => {
                    tabRefs.current[i] = el;
                  }}
                  href={`#${base}/${x.path}`}
                  role="tab"
                  id={tabId(x.path)}
                  aria-selected={x === active}
                  aria-controls={x === active ? panelId : undefined}
                  tabIndex={i === rovingIndex ? 0 : -1}
                  onKeyDown={(e) => onTabKeyDown(e, i)}
                  onFocus={() => setFocusIndex(i)}
                  data-testid="device-tab"
                  data-tab={x.path}
                >
                  {x.icon && <i className={iconClass(x.icon)} aria-hidden="true" />} {label(x)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="device-tab-content" {...(active ? { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId(active.path) } : {})}>
        {active ? (
          <ParcelMount
            key={active.id}
            loader={active.loader}
            pluginId={active.pluginId}
            contributionId={active.id}
            context={context}
            queryClient={queryClient}
          />
        ) : pluginsLoading || redirect || (!tab && shown.length) ? (
          <p className="text-muted p-16">{t('Loading…')}</p>
        ) : !tab ? (
          <div className={`alert ${failed.length > 0 ? 'alert-warning' : 'alert-info'}`} role="alert" data-testid="no-device-tabs">
            {t('No tabs are available for this device.')}
            {failed.length > 0 && (
              <>
                <p>{t('These plugins failed to load on this page; they may provide the tabs of this device:')}</p>
                <FailedPluginList failed={failed} />
                <RetryButton />
              </>
            )}
          </div>
        ) : (
          <div className="alert alert-warning" role="alert" data-testid="tab-not-available">
            {t('The tab "{{tab}}" is not available for this device.', { tab: refused ? label(refused) : tab })}
            {failed.length > 0 && (
              <>
                <p>{t('These plugins failed to load on this page; one of them may provide it:')}</p>
                <FailedPluginList failed={failed} />
                <RetryButton />
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
