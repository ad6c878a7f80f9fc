/**
 * What a route nobody answers shows: which plugin should have provided it and why it does not
 * (failed to load, with the loader's reason, or not loaded on this page), with a retry; a bare
 * "page not found" only when no plugin claims the path and none failed.
 */
import React from 'react';
import { getI18n } from '@shared/plugin-api/i18n';
import { useShellT } from '../i18n-setup';
import { PLUGINS_PATH, SHELL_NS } from '../constants';
import en from './locales/en.json';
import de from './locales/de.json';
import type { PluginStatus } from '../plugin-host/registry';
import { useRegistry } from '../plugin-host/registry';
import type { FailedPlugin } from '../routing/missing-page';
import { whyMissing } from '../routing/missing-page';
import { pluginName } from './plugin-name';
import { shownFailureReason } from '../plugin-host/failure-reason';

let textsAdded = false;
/** This folder's texts join the shell namespace, once the shell has initialised i18next. */
export function usePageTexts() {
  if (textsAdded) return;
  textsAdded = true;
  getI18n().addResourceBundle('en', SHELL_NS, en, true, false);
  getI18n().addResourceBundle('de', SHELL_NS, de, true, false);
}

/** Loading a plugin again means loading its remote entry again: the page's next load does. */
const reloadPage = () => window.location.reload();

export function RetryButton({ onRetry = reloadPage }: { onRetry?: () => void }) {
  usePageTexts();
  const { t } = useShellT();
  return (
    <button type="button" className="btn btn-primary" onClick={onRetry} data-testid="plugin-retry">
      {t('Retry')}
    </button>
  );
}

function notLoadedWhy(t: ReturnType<typeof useShellT>['t'], reason: Extract<PluginStatus, { status: 'disabled' }>['reason']): string {
  if (reason === 'url-no-plugins') return t('not loaded on this page (?noPlugins)');
  if (reason === 'url-remotes') return t('not loaded on this page (?remotes=)');
  return t('disabled for the tenant');
}

/** The plugins that failed on this page, each with its reason. */
export function FailedPluginList({ failed }: { failed: readonly FailedPlugin[] }) {
  usePageTexts();
  const { t } = useShellT();
  return (
    <ul className="list-unstyled text-left" data-testid="failed-plugins">
      {failed.map(({ plugin, reason }) => (
        <li key={plugin.id} data-testid="failed-plugin" data-plugin={plugin.id}>
          {t('Plugin "{{name}}" ({{id}}) failed to load: {{reason}}', { name: pluginName(t, plugin), id: plugin.id, reason: shownFailureReason(reason) })}
        </li>
      ))}
    </ul>
  );
}

/** Why the shell has no page for `path`, following the plugins' load. */
function useWhyMissing(path: string) {
  const plugins = useRegistry((s) => s.exports);
  const statuses = useRegistry((s) => s.plugins);
  const loading = useRegistry((s) => s.loading);
  return whyMissing(path, plugins, statuses, loading);
}

/**
 * The header title of a path no contribution answers: the name of the plugin that provides it
 * (its route titles come with the plugin, which did not load), 'Page not found' when no plugin
 * claims it, nothing while the plugins still load.
 */
export function useMissingPageTitle(path: string): string {
  usePageTexts();
  const { t } = useShellT();
  const why = useWhyMissing(path);
  if (why.kind === 'failed' || why.kind === 'not-loaded') return pluginName(t, why.plugin);
  return why.kind === 'unknown' ? t('Page not found') : '';
}

export function MissingPage({ path, onRetry }: { path: string; onRetry?: () => void }) {
  usePageTexts();
  const { t } = useShellT();
  const why = useWhyMissing(path);

  if (why.kind === 'loading') {
    return (
      <p className="text-muted p-16" data-testid="page-loading">
        {t('Loading plugins…')}
      </p>
    );
  }
  if (why.kind === 'failed') {
    return (
      <div className="c8y-empty-state text-center p-24" role="alert" data-testid="plugin-page-failed" data-plugin={why.plugin.id}>
        <h3>{t('Page not available')}</h3>
        <p>{t('The plugin "{{name}}" ({{id}}), which provides the page "{{path}}", failed to load.', { name: pluginName(t, why.plugin), id: why.plugin.id, path })}</p>
        <p className="text-danger" data-testid="plugin-page-reason">
          {shownFailureReason(why.reason)}
        </p>
        <p>
          <RetryButton onRetry={onRetry} /> <a href={`#${PLUGINS_PATH}`}>{t('Plugins')}</a>
        </p>
      </div>
    );
  }
  if (why.kind === 'not-loaded') {
    return (
      <div className="c8y-empty-state text-center p-24" data-testid="plugin-page-not-loaded" data-plugin={why.plugin.id}>
        <h3>{t('Page not available')}</h3>
        <p>
          {t('The plugin "{{name}}" ({{id}}), which provides the page "{{path}}", is not loaded: {{why}}.', {
            name: pluginName(t, why.plugin),
            id: why.plugin.id,
            path,
            why: notLoadedWhy(t, why.reason),
          })}
        </p>
        <p>
          <a href={`#${PLUGINS_PATH}`}>{t('Plugins')}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="c8y-empty-state text-center p-24" data-testid="not-found">
      <h3>{t('Page not found')}</h3>
      <p className="text-muted">{t('No plugin provides the page "{{path}}".', { path })}</p>
      {why.failed.length > 0 && (
        <>
          <p>{t('These plugins failed to load on this page; one of them may provide it:')}</p>
          <FailedPluginList failed={why.failed} />
          <RetryButton onRetry={onRetry} />
        </>
      )}
    </div>
  );
}
