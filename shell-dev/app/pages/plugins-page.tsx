import React, { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { can } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import type { CurrentUser } from '@shared/plugin-api/types';
import { confirm } from '@shared/ui/confirm';
import { useKeepFocus } from '@shared/ui/keep-focus';
import { GateNote, gatedFieldProps, useGate } from '@shared/ui/permission';
import { useShellT } from '../i18n-setup';
import { pluginName, pluginText } from './plugin-name';
import { saveShellConfig } from '../api/shell-application';
import { ContextPathTakenError, installPackage, removePackage, UploadInterruptedError } from '../api/packages';
import { isEnabledByConfig, setPluginEnabled, type BundleManifest, type PluginManifestEntry, type ShellConfig } from '../plugin-host/enabled';
import { withInstalledPlugins } from '../plugin-host/installed';
import { PackageFileError, readPackageManifest } from '../plugin-host/package-file';
import { shownFailureReason } from '../plugin-host/failure-reason';
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

// pre-line: a reason of several lines (the runtime's headline and cause, a validation's errors) keeps them.
const FAILURE_STYLE: React.CSSProperties = { maxWidth: 320, overflowWrap: 'anywhere', whiteSpace: 'pre-line' };

function StatusCell({ status, plugin }: { status: PluginStatus | undefined; plugin: PluginManifestEntry }) {
  const { t } = useShellT();
  if (!status || status.status === 'loading') return <span className="label label-info">{t('Loading…')}</span>;
  if (status.status === 'loaded') {
    return (
      <>
        <span className="label label-success">{t('loaded')}</span>
        {/* The loader's warnings are English (a rejected contribution, translations that failed): led in the user's language. */}
        {status.warnings.length > 0 && (
          <div className="text-warning small" data-testid="plugin-warnings-lead">
            {t('Loaded with these problems:')}
          </div>
        )}
        {status.warnings.map((w) => (
          <div key={w} className="text-muted small" data-testid="plugin-warning" style={FAILURE_STYLE}>
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
        {/* The loader's reason is the federation runtime's English: a sentence in the user's language leads it. */}
        <div className="text-danger small" data-testid="plugin-failure-lead" style={FAILURE_STYLE}>
          {t('The plugin "{{name}}" could not be loaded.', { name: pluginName(t, plugin) })}
        </div>
        {/* A reason quotes addresses (no spaces): it breaks anywhere rather than widen the column. */}
        <div className="text-muted small plugin-failure" data-testid="plugin-failure" style={FAILURE_STYLE}>
          {shownFailureReason(status.reason)}
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

/** `focusReload`: the control the user acted on is gone (a removed package's button), focus goes to Reload. */
type Message = { kind: 'info' | 'success' | 'danger'; text: string; reload?: boolean; focusReload?: boolean };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Why a file could not be installed, in the user's language. */
function installError(t: TFunction, file: string, e: unknown): string {
  if (e instanceof PackageFileError) {
    switch (e.problem) {
      case 'not-zip':
        // The zip reader's own words (English, technical) go to the log only.
        return t('{{file}} is not a zip file.', { file });
      case 'no-manifest':
        return t('{{file}} is not a plugin package: it holds no cumulocity.json.', { file });
      case 'invalid-manifest':
        return t('{{file}} is not a plugin package: its cumulocity.json cannot be read ({{detail}}).', { file, detail: e.message });
      case 'not-plugin':
        return t('{{file}} is not a plugin package: its cumulocity.json does not declare isPackage: true and package: "plugin".', { file });
      case 'no-context-path':
        return t('{{file}} is not a plugin package: its cumulocity.json names no contextPath.', { file });
    }
  }
  if (e instanceof ContextPathTakenError) {
    return t('The context path "{{contextPath}}" is already used by the application "{{name}}".', { contextPath: e.contextPath, name: e.application.name });
  }
  if (e instanceof UploadInterruptedError) return t('The plugin could not be installed: the upload of {{file}} was interrupted.', { file });
  return t('The plugin could not be installed: {{message}}', { message: messageOf(e) });
}

/** Where an installed package comes from and what it stands in for on this page. */
function PackageNotes({ plugin }: { plugin: PluginManifestEntry }) {
  const { t } = useShellT();
  if (!plugin.installed) return null;
  return (
    <div className="small text-muted" data-testid="plugin-installed" data-context-path={plugin.contextPath}>
      <div>{t('Installed package {{contextPath}}', { contextPath: plugin.contextPath })}</div>
      {plugin.installed.replaces.map((r) => (
        <div key={r.contextPath} className="text-warning" data-testid="plugin-replaces" data-context-path={r.contextPath}>
          {r.installed
            ? t('Replaces the package {{contextPath}} {{version}}', { contextPath: r.contextPath, version: r.version })
            : t('Replaces {{name}} {{version}} of the bundle', { name: pluginName(t, r), version: r.version })}
        </div>
      ))}
    </div>
  );
}

/** Name, id, package notes, version and description of a plugin row. */
function PluginCells({ plugin: p, action }: { plugin: PluginManifestEntry; action: React.ReactNode }) {
  const { t } = useShellT();
  return (
    <>
      <td>
        <strong>{pluginName(t, p)}</strong>
        <div className="text-muted small">{p.id}</div>
        <PackageNotes plugin={p} />
        {action}
      </td>
      <td>{p.version}</td>
      <td className="small">{p.description && pluginText(t, p, p.description)}</td>
    </>
  );
}

/**
 * The tenant's setting changed since this page loaded the plugins (by this admin, here): the
 * status says what the page still shows, this note what the next load does instead.
 */
function PendingSwitch({ status, enabled }: { status: PluginStatus | undefined; enabled: boolean }) {
  const { t } = useShellT();
  const tenantOff = status?.status === 'disabled' && status.reason === 'disabled';
  const runs = !status || status.status !== 'disabled';
  if (enabled && tenantOff) {
    return (
      <div className="text-info small" data-testid="plugin-switch-pending">
        {t('Enabled for the tenant. Reload the page to load it.')}
      </div>
    );
  }
  if (!enabled && runs) {
    return (
      <div className="text-warning small" data-testid="plugin-switch-pending">
        {t('Disabled for the tenant. Reload the page to unload it.')}
      </div>
    );
  }
  return null;
}

/** The message after a removal: what the next load brings instead. */
function removedMessage(t: TFunction, plugin: PluginManifestEntry): string {
  const back = plugin.installed?.replaces.at(-1);
  if (!back) return t('Plugin {{name}} removed. Reload the page to unload it.', { name: pluginName(t, plugin) });
  return back.installed
    ? t('Plugin {{name}} removed. Reload the page to load the package {{contextPath}} {{version}} again.', { name: pluginName(t, plugin), contextPath: back.contextPath, version: back.version })
    : t('Plugin {{name}} removed. Reload the page to load {{replaced}} {{version}} of the bundle again.', { name: pluginName(t, plugin), replaced: pluginName(t, back), version: back.version });
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
  const rows = useRegistry((s) => s.exports) ?? bundle.exports;
  const installedSinceLoad = useRegistry((s) => s.installedSinceLoad);
  const removedSinceLoad = useRegistry((s) => s.removedSinceLoad);
  const addInstalled = useRegistry((s) => s.addInstalled);
  const addRemoved = useRegistry((s) => s.addRemoved);
  const [saving, setSaving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const reloadButton = useRef<HTMLButtonElement>(null);
  // A switch or button disabled while its work runs drops keyboard focus to the page: it goes back after.
  const rememberFocus = useKeepFocus(busy || saving !== null);
  useEffect(() => {
    if (message?.focusReload) reloadButton.current?.focus();
  }, [message]);
  // Plugin packages and the tenant's plugin set are application management.
  const isAdmin = can(user, REQUIRES.applicationWrite);
  const gate = useGate(REQUIRES.applicationWrite, user);
  const gateNoteId = useId();
  const configErrorId = useId();
  const config = app?.config as ShellConfig | undefined;
  const canChange = isAdmin && !!app;
  const uploadedAgain = new Set(installedSinceLoad.map((p) => p.installed?.applicationId));
  const pending = installedSinceLoad.filter((p) => !rows.some((r) => r.installed?.applicationId === p.installed?.applicationId));

  const toggle = async (plugin: PluginManifestEntry, enabled: boolean) => {
    if (!app) return;
    rememberFocus();
    setSaving(plugin.id);
    setMessage(null);
    try {
      const next = setPluginEnabled(config, bundle, plugin, enabled);
      const saved = await saveShellConfig(app.id, next);
      setConfig((saved?.config as ShellConfig | undefined) ?? next);
      setMessage({
        kind: 'success',
        text: enabled
          ? t('"{{name}}" is enabled for every user of the tenant from their next load.', { name: pluginName(t, plugin) })
          : t('"{{name}}" is disabled for every user of the tenant from their next load.', { name: pluginName(t, plugin) }),
        reload: true,
      });
    } catch (e) {
      setMessage({ kind: 'danger', text: t('The plugin settings could not be saved: {{message}}', { message: messageOf(e) }) });
    } finally {
      setSaving(null);
    }
  };

  const upload = async (file: File) => {
    rememberFocus();
    setBusy(true);
    setMessage({ kind: 'info', text: t('Reading {{file}}…', { file: file.name }) });
    try {
      const pkg = await readPackageManifest(await file.arrayBuffer());
      const installed = await installPackage(file, file.name, pkg, (s) =>
        setMessage({
          kind: 'info',
          text:
            s.step === 'create'
              ? t('Creating the application {{name}} ({{contextPath}})…', { name: pkg.name, contextPath: pkg.contextPath })
              : t('Uploading {{file}}: {{percent}} %', { file: file.name, percent: s.percent }),
        }),
      );
      // What the next load will show: the package among this page's plugins, replacing as it will then.
      const next = withInstalledPlugins({ ...bundle, exports: rows }, [installed]).exports.filter((p) => p.installed?.applicationId === String(installed.id));
      addInstalled(next);
      setMessage({ kind: 'success', text: t('Plugin {{name}} {{version}} installed. Reload the page to load it.', { name: pkg.name, version: pkg.version }), reload: true });
    } catch (e) {
      console.warn(`Plugin package ${file.name} could not be installed:`, e);
      setMessage({ kind: 'danger', text: installError(t, file.name, e) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (plugin: PluginManifestEntry) => {
    const applicationId = plugin.installed?.applicationId;
    if (!applicationId) return;
    const ok = await confirm({
      title: t('Remove plugin?'),
      body: t('Remove the plugin package {{name}} ({{contextPath}}) from the tenant? Its files are deleted.', { name: pluginName(t, plugin), contextPath: plugin.contextPath }),
      okLabel: t('Remove'),
      okClass: 'btn-danger',
    });
    if (!ok) return;
    setBusy(true);
    setMessage(null);
    try {
      await removePackage(applicationId);
      addRemoved(applicationId);
      setMessage({ kind: 'success', text: removedMessage(t, plugin), reload: true, focusReload: true });
    } catch (e) {
      setMessage({ kind: 'danger', text: t('The plugin could not be removed: {{message}}', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  };

  const removeButton = (p: PluginManifestEntry) =>
    isAdmin &&
    p.installed &&
    !removedSinceLoad.includes(p.installed.applicationId) && (
      <button type="button" className="btn btn-default btn-xs m-t-4" disabled={busy} onClick={() => void remove(p)} aria-label={t('Remove {{name}}', { name: pluginName(t, p) })} data-testid="plugin-remove">
        {t('Remove')}
      </button>
    );

  return (
    <div className="plugins-page" data-testid="plugins-page">
      <div className="card">
        <div className="card-header separator">
          <h4 className="card-title">{t('Plugins of {{bundle}} {{version}}', { bundle: bundle.name, version: bundle.version })}</h4>
          {isAdmin && (
            <div className="card-actions">
              <input
                ref={fileInput}
                type="file"
                accept=".zip,application/zip"
                // The stylesheet shows inputs even with the hidden attribute; the button opens this one.
                style={{ display: 'none' }}
                data-testid="plugin-upload-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  // Cleared so that choosing the same file again installs it again.
                  e.target.value = '';
                  if (file) void upload(file);
                }}
              />
              <button type="button" className="btn btn-default btn-sm" disabled={busy} onClick={() => fileInput.current?.click()} data-testid="plugin-upload">
                {t('Upload plugin')}
              </button>
            </div>
          )}
        </div>
        <div className="card-block">
          {!isAdmin && (
            <div className="alert alert-info" role="status" data-testid="plugins-read-only">
              {t('Only tenant administrators can enable or disable plugins.')}
            </div>
          )}
          {configError && (
            <div className="alert alert-warning" role="alert" id={configErrorId} data-testid="plugins-config-error">
              {t('The tenant plugin settings could not be read ({{message}}); the defaults apply.', { message: configError })}
              {isAdmin && !app && <div>{t('Plugins can be switched once the settings have been read: reload the page to try again.')}</div>}
            </div>
          )}
          {message && (
            <div className={`alert alert-${message.kind}`} role="status" data-testid="plugins-message">
              {message.text}
              {message.reload && (
                <button ref={reloadButton} type="button" className="btn btn-link btn-xs" onClick={() => window.location.reload()} data-testid="plugins-reload">
                  {t('Reload')}
                </button>
              )}
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
              {rows.map((p) => {
                const status = plugins[p.id];
                const enabled = isEnabledByConfig(config, bundle, p);
                const removed = !!p.installed && removedSinceLoad.includes(p.installed.applicationId);
                return (
                  <tr key={p.id} data-testid="plugin-row" data-plugin={p.id} data-status={status?.status ?? 'loading'} data-context-path={p.contextPath}>
                    <PluginCells plugin={p} action={removeButton(p)} />
                    <td>
                      <StatusCell status={status} plugin={p} />
                      <RenderErrors errors={renderErrors[p.id]} />
                      {!removed && <PendingSwitch status={status} enabled={enabled} />}
                      {removed && (
                        <div className="text-warning small" data-testid="plugin-removed">
                          {t('Removed. Reload the page to unload it.')}
                        </div>
                      )}
                      {!removed && p.installed && uploadedAgain.has(p.installed.applicationId) && (
                        <div className="text-info small" data-testid="plugin-reinstalled">
                          {t('A new version was uploaded. Reload the page to load it.')}
                        </div>
                      )}
                    </td>
                    <td className="text-right text-nowrap" data-testid="plugin-load-time">
                      {status && (status.status === 'loaded' || status.status === 'failed') ? t('{{ms}} ms', { ms: status.loadTimeMs }) : '–'}
                    </td>
                    <td>
                      {/* Why a switch is off limits: the role, or (for an admin) settings that could not be read. */}
                      <label
                        className="c8y-switch"
                        title={
                          !isAdmin
                            ? t('Only tenant administrators can enable or disable plugins.')
                            : !app
                              ? t('Plugins can be switched once the settings have been read: reload the page to try again.')
                              : undefined
                        }
                      >
                        <input
                          type="checkbox"
                          checked={enabled}
                          disabled={!canChange || saving !== null || removed}
                          onChange={(e) => void toggle(p, e.target.checked)}
                          aria-label={t('Enable {{name}}', { name: pluginName(t, p) })}
                          data-testid="plugin-switch"
                          {...(isAdmin && !app && configError ? { 'aria-describedby': configErrorId } : {})}
                          {...gatedFieldProps(gate, gateNoteId, 'choice')}
                        />
                        <span />
                      </label>
                    </td>
                  </tr>
                );
              })}
              {pending.map((p) => (
                <tr key={`${p.installed?.applicationId}:${p.id}`} data-testid="plugin-pending-row" data-plugin={p.id} data-context-path={p.contextPath}>
                  <PluginCells plugin={p} action={removeButton(p)} />
                  <td>
                    <span className="label label-info">{t('installed, not loaded yet')}</span>
                    <div className="text-muted small">{t('Reload the page to load it.')}</div>
                  </td>
                  <td className="text-right">–</td>
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-muted small">{t('Changes apply to every user of the tenant when they next load the application.')}</p>
          <GateNote gate={gate} id={gateNoteId} />
        </div>
      </div>
    </div>
  );
}
