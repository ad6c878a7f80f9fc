import React, { useState } from 'react';
import { hasRole } from '@shared/plugin-api/context';
import type { CurrentUser } from '@shared/plugin-api/types';
import { APPLICATION_ADMIN_ROLE } from '../constants';
import { useShellT } from '../i18n-setup';
import { saveShellConfig } from '../api/shell-application';
import { isEnabledByConfig, setPluginEnabled, type BundleManifest, type PluginManifestEntry, type ShellConfig } from '../plugin-host/enabled';
import { useRegistry, type PluginStatus } from '../plugin-host/registry';
import type { ContributionErrorDetail } from '@shared/plugin-api/parcel';

export interface PluginsPageProps {
  bundle: BundleManifest;
  user: CurrentUser;
}

function RenderErrors({ errors }: { errors: readonly ContributionErrorDetail[] | undefined }) {
  const { t } = useShellT();
  if (!errors?.length) return null;
  return (
    <ul className="list-unstyled text-danger small m-t-4" data-testid="plugin-render-errors">
      {errors.map((e) => (
        <li key={e.contributionId} data-testid="plugin-render-error" data-contribution={e.contributionId}>
          {t('"{{contributionId}}" failed while rendering: {{message}}', { contributionId: e.contributionId, message: e.message })}
        </li>
      ))}
    </ul>
  );
}

function StatusCell({ status }: { status: PluginStatus | undefined }) {
  const { t } = useShellT();
  if (!status || status.status === 'loading') return <span className="label label-info">{t('Loading…')}</span>;
  if (status.status === 'loaded') {
    return (
      <>
        <span className="label label-success">{t('loaded')}</span>
        {status.warnings.map((w) => (
          <div key={w} className="text-warning small">
            {w}
          </div>
        ))}
      </>
    );
  }
  if (status.status === 'failed') {
    return (
      <>
        <span className="label label-danger">{t('failed')}</span>
        <div className="text-danger small plugin-failure" data-testid="plugin-failure">
          {status.reason}
        </div>
      </>
    );
  }
  const why =
    status.reason === 'url-no-plugins'
      ? t('not loaded on this page (?noPlugins)')
      : status.reason === 'url-remotes'
        ? t('not loaded on this page (?remotes=)')
        : t('disabled for the tenant');
  return (
    <>
      <span className="label label-default">{t('disabled')}</span>
      <div className="text-muted small">{why}</div>
    </>
  );
}

/**
 * Every plugin of the bundle with its status on this page, and the tenant's plugin set (kept in
 * the shell application's config, applied to every user at their next load).
 */
export function PluginsPage({ bundle, user }: PluginsPageProps) {
  const { t } = useShellT();
  const plugins = useRegistry((s) => s.plugins);
  const renderErrors = useRegistry((s) => s.renderErrors);
  const app = useRegistry((s) => s.shellApplication);
  const configError = useRegistry((s) => s.configError);
  const setConfig = useRegistry((s) => s.setConfig);
  const [saving, setSaving] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const isAdmin = hasRole(user, APPLICATION_ADMIN_ROLE);
  const config = app?.config as ShellConfig | undefined;
  const canChange = isAdmin && !!app;

  const toggle = async (plugin: PluginManifestEntry, enabled: boolean) => {
    if (!app) return;
    setSaving(plugin.id);
    setMessage(null);
    try {
      const next = setPluginEnabled(config, bundle, plugin, enabled);
      const saved = await saveShellConfig(app.id, next);
      setConfig((saved?.config as ShellConfig | undefined) ?? next);
      setMessage({
        kind: 'success',
        text: enabled
          ? t('"{{name}}" is enabled for every user of the tenant from their next load.', { name: plugin.name })
          : t('"{{name}}" is disabled for every user of the tenant from their next load.', { name: plugin.name }),
      });
    } catch (e) {
      setMessage({ kind: 'danger', text: t('The plugin settings could not be saved: {{message}}', { message: e instanceof Error ? e.message : String(e) }) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="plugins-page" data-testid="plugins-page">
      <div className="card">
        <div className="card-header separator">
          <h4 className="card-title">{t('Plugins of {{bundle}} {{version}}', { bundle: bundle.name, version: bundle.version })}</h4>
        </div>
        <div className="card-block">
          {!isAdmin && (
            <div className="alert alert-info" role="status" data-testid="plugins-read-only">
              {t('Only tenant administrators can enable or disable plugins.')}
            </div>
          )}
          {configError && (
            <div className="alert alert-warning" role="alert">
              {t('The tenant plugin settings could not be read ({{message}}); the defaults apply.', { message: configError })}
            </div>
          )}
          {message && (
            <div className={`alert alert-${message.kind}`} role="status" data-testid="plugins-message">
              {message.text}
            </div>
          )}
          <table className="table table-striped table-condensed" data-testid="plugins-table">
            <thead>
              <tr>
                <th>{t('Plugin')}</th>
                <th>{t('Version')}</th>
                <th>{t('Description')}</th>
                <th>{t('Status')}</th>
                <th className="text-right">{t('Load time')}</th>
                <th>{t('Enabled for the tenant')}</th>
              </tr>
            </thead>
            <tbody>
              {bundle.exports.map((p) => {
                const status = plugins[p.id];
                const enabled = isEnabledByConfig(config, bundle, p);
                return (
                  <tr key={p.id} data-testid="plugin-row" data-plugin={p.id} data-status={status?.status ?? 'loading'}>
                    <td>
                      {/* A plugin that ships its name as a text of its namespace gets it translated. */}
                      <strong>{t(p.name, { ns: p.id, defaultValue: p.name })}</strong>
                      <div className="text-muted small">{p.id}</div>
                    </td>
                    <td>{p.version}</td>
                    <td className="small">{p.description}</td>
                    <td>
                      <StatusCell status={status} />
                      <RenderErrors errors={renderErrors[p.id]} />
                    </td>
                    <td className="text-right text-nowrap" data-testid="plugin-load-time">
                      {status && (status.status === 'loaded' || status.status === 'failed') ? t('{{ms}} ms', { ms: status.loadTimeMs }) : '–'}
                    </td>
                    <td>
                      <label className="c8y-switch" title={canChange ? undefined : t('Only tenant administrators can enable or disable plugins.')}>
                        <input
                          type="checkbox"
                          checked={enabled}
                          disabled={!canChange || saving !== null}
                          onChange={(e) => void toggle(p, e.target.checked)}
                          aria-label={t('Enable {{name}}', { name: p.name })}
                          data-testid="plugin-switch"
                        />
                        <span />
                      </label>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="text-muted small">{t('Changes apply to every user of the tenant when they next load the application.')}</p>
        </div>
      </div>
    </div>
  );
}
