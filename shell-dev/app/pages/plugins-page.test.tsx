import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testUser } from '@shared/plugin-api/testing';
import { loadShellLanguage, initShellI18n } from '../i18n-setup';
import { saveShellConfig } from '../api/shell-application';
import { installPackage, UploadInterruptedError } from '../api/packages';
import type { BundleManifest, PluginManifestEntry, ShellConfig } from '../plugin-host/enabled';
import { useRegistry } from '../plugin-host/registry';
import { PluginsPage } from './plugins-page';

jest.mock('../api/shell-application', () => ({
  saveShellConfig: jest.fn(async (id: string, config: unknown) => ({ id, name: 'Dev shell', contextPath: 'shell', config })),
}));
const save = saveShellConfig as jest.MockedFunction<typeof saveShellConfig>;

jest.mock('../api/packages', () => ({ ...jest.requireActual('../api/packages'), installPackage: jest.fn(), removePackage: jest.fn(async () => undefined) }));
jest.mock('../plugin-host/package-file', () => ({
  ...jest.requireActual('../plugin-host/package-file'),
  readPackageManifest: jest.fn(async () => ({ name: 'cc', key: 'cc-key', contextPath: 'cc-v2', version: '1.0.1', manifest: {} })),
}));
const install = installPackage as jest.MockedFunction<typeof installPackage>;

const entry = (id: string, name: string): PluginManifestEntry => ({
  id,
  name,
  module: 'plugin',
  contextPath: id,
  version: '1.0.0',
  defaultEnabled: true,
  description: `${name} description`,
});
const router = entry('mobile-router', 'Mobile router');
const checks = entry('connection-checks', 'Connection checks');
const bundle: BundleManifest = {
  name: 'bundle',
  version: '1.0.0',
  contextPath: 'bundle',
  shell: { name: 'Dev shell', contextPath: 'shell', key: 'shell-key' },
  exports: [router, checks],
};
const admin = testUser(['ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGEMENT_READ']);

async function renderPage(language: 'en' | 'de' = 'en') {
  const i18n = initShellI18n(language);
  await loadShellLanguage(language);
  await i18n.changeLanguage(language);
  return render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <PluginsPage bundle={bundle} user={admin} />
    </I18nextProvider>,
  );
}

const row = (id: string) => screen.getAllByTestId('plugin-row').find((r) => r.dataset.plugin === id) as HTMLElement;

beforeEach(() => {
  save.mockClear();
  // The tenant had the router switched off when this page loaded; the checks plugin loaded.
  const config: ShellConfig = { excludedRemotes: { 'mobile-router': ['plugin'] } };
  useRegistry.setState({
    exports: bundle.exports,
    loading: false,
    shellApplication: { id: '1', name: 'Dev shell', contextPath: 'shell', config } as never,
    configError: null,
    plugins: { 'mobile-router': { status: 'disabled', reason: 'disabled' }, 'connection-checks': { status: 'loaded', loadTimeMs: 12, warnings: [] } },
  });
});

describe('PluginsPage', () => {
  it('after a switch, the row says what the next load does where the page still shows the old state, with a Reload', async () => {
    await renderPage();
    fireEvent.click(within(row('mobile-router')).getByRole('checkbox', { name: 'Enable Mobile router' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await screen.findByText('"Mobile router" is enabled for every user of the tenant from their next load.');
    expect(within(row('mobile-router')).getByTestId('plugin-switch-pending')).toHaveTextContent('Enabled for the tenant. Reload the page to load it.');
    expect(within(screen.getByTestId('plugins-message')).getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    fireEvent.click(within(row('connection-checks')).getByRole('checkbox', { name: 'Enable Connection checks' }));
    await screen.findByText('"Connection checks" is disabled for every user of the tenant from their next load.');
    expect(within(row('connection-checks')).getByTestId('plugin-switch-pending')).toHaveTextContent('Disabled for the tenant. Reload the page to unload it.');

    // Switched back: the page's state is the tenant's again, no note.
    fireEvent.click(within(row('mobile-router')).getByRole('checkbox', { name: 'Enable Mobile router' }));
    await screen.findByText('"Mobile router" is disabled for every user of the tenant from their next load.');
    expect(within(row('mobile-router')).queryByTestId('plugin-switch-pending')).toBeNull();
  });

  it('says it in German', async () => {
    await renderPage('de');
    fireEvent.click(within(row('mobile-router')).getByRole('checkbox'));
    await waitFor(() => expect(within(row('mobile-router')).getByTestId('plugin-switch-pending')).toHaveTextContent('Für den Mandanten aktiviert. Laden Sie die Seite neu, um es zu laden.'));
    // The plugin is named in German in the message too.
    expect(screen.getByTestId('plugins-message')).toHaveTextContent('„Mobiler Router“ ist für alle Benutzer des Mandanten ab ihrem nächsten Laden aktiviert.');
    expect(within(row('connection-checks')).getByRole('checkbox', { name: 'Verbindungsprüfungen aktivieren' })).toBeInTheDocument();
  });
});

describe('PluginsPage in German', () => {
  it('names and describes the bundle’s plugins in German (the manifest’s texts), a package’s own text as written', async () => {
    const ops: PluginManifestEntry = {
      ...entry('device-operations', 'Device operations'),
      description: 'Device lists, device tabs (Info, Software, Services, Events, Device Control, Admin Info), alarms, groups tree and the software, rollout, time zone, replacement and transfer dialogs.',
    };
    const pkg = { ...entry('someone-elses', 'Someone else’s plugin'), description: 'Does something.' };
    useRegistry.setState({ exports: [ops, pkg], plugins: {} });
    await renderPage('de');
    expect(row('device-operations')).toHaveTextContent('Gerätebetrieb');
    expect(row('device-operations')).toHaveTextContent('Gerätelisten, Geräte-Registerkarten (Info, Software, Services, Ereignisse, Gerätesteuerung, Admin-Info)');
    expect(row('someone-elses')).toHaveTextContent('Someone else’s plugin');
    expect(row('someone-elses')).toHaveTextContent('Does something.');
  });
});

describe('PluginsPage, a plugin that failed to load', () => {
  it('says so in German, the federation runtime\'s English cause below as the detail', async () => {
    const reason = '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 args: {"url":"/apps/mobile-router/remoteEntry.js"}';
    useRegistry.setState({ plugins: { 'mobile-router': { status: 'failed', loadTimeMs: 40, reason }, 'connection-checks': { status: 'loaded', loadTimeMs: 12, warnings: [] } } });
    await renderPage('de');
    expect(within(row('mobile-router')).getByTestId('plugin-failure-lead')).toHaveTextContent('Das Plugin „Mobiler Router“ konnte nicht geladen werden.');
    expect(within(row('mobile-router')).getByTestId('plugin-failure')).toHaveTextContent(reason);
  });

  it('shows the runtime\'s headline and cause, not its arguments, docs link and label line (a row 600 px tall at 1280 px)', async () => {
    const reason = [
      '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008',
      'args: {"remoteName":"mobile-router","resourceUrl":"http://h/apps/mobile-router/remoteEntry.js"}',
      'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008',
      'Original Error Message:',
      ' ScriptNetworkError: Failed to load script "http://h/apps/mobile-router/remoteEntry.js" - the script URL is unreachable',
    ].join('\n');
    useRegistry.setState({ plugins: { 'mobile-router': { status: 'failed', loadTimeMs: 40, reason }, 'connection-checks': { status: 'loaded', loadTimeMs: 12, warnings: [] } } });
    await renderPage('en');
    const failure = within(row('mobile-router')).getByTestId('plugin-failure');
    expect(failure).toHaveTextContent('#RUNTIME-008');
    expect(failure).toHaveTextContent('ScriptNetworkError: Failed to load script "http://h/apps/mobile-router/remoteEntry.js"');
    expect(failure.textContent).not.toMatch(/args:|View the docs|Original Error Message/);
  });

  it('leads a loaded plugin\'s English warnings with a German sentence', async () => {
    const warning = 'Plugin connection-checks: translations failed to load: 404';
    useRegistry.setState({ plugins: { 'mobile-router': { status: 'disabled', reason: 'disabled' }, 'connection-checks': { status: 'loaded', loadTimeMs: 12, warnings: [warning] } } });
    await renderPage('de');
    expect(within(row('connection-checks')).getByTestId('plugin-warnings-lead')).toHaveTextContent('Geladen, mit diesen Problemen:');
    expect(within(row('connection-checks')).getByTestId('plugin-warning')).toHaveTextContent(warning);
  });
});

describe('PluginsPage without the tenant\'s settings', () => {
  it('tells an admin why the switches are off, instead of "Only tenant administrators ..."', async () => {
    useRegistry.setState({ shellApplication: null, configError: 'Internal error' });
    await renderPage();
    expect(screen.getByTestId('plugins-config-error')).toHaveTextContent('Plugins can be switched once the settings have been read: reload the page to try again.');
    const toggle = within(row('connection-checks')).getByRole('checkbox');
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Plugins can be switched once the settings have been read'));
    expect(toggle.closest('label')).toHaveAttribute('title', 'Plugins can be switched once the settings have been read: reload the page to try again.');
    expect(screen.queryByText('Only tenant administrators can enable or disable plugins.')).toBeNull();
  });
});

describe('PluginsPage upload', () => {
  it("says in German that a file is no zip, without the zip reader's English words, which go to the log", async () => {
    const { readPackageManifest } = jest.requireMock<typeof import('../plugin-host/package-file')>('../plugin-host/package-file');
    const { PackageFileError } = jest.requireActual<typeof import('../plugin-host/package-file')>('../plugin-host/package-file');
    const failure = new PackageFileError('not-zip', 'invalid zip data');
    (readPackageManifest as jest.Mock).mockRejectedValueOnce(failure);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await renderPage('de');
      const input = screen.getByTestId('plugin-upload-input');
      Object.defineProperty(input, 'files', { value: [{ name: 'notes.zip', arrayBuffer: async () => new ArrayBuffer(0) }], configurable: true });
      fireEvent.change(input);
      await waitFor(() => expect(screen.getByTestId('plugins-message')).toHaveClass('alert-danger'));
      expect(screen.getByTestId('plugins-message')).toHaveTextContent(/^notes\.zip ist keine ZIP-Datei\.$/);
      expect(warn).toHaveBeenCalledWith('Plugin package notes.zip could not be installed:', failure);
    } finally {
      warn.mockRestore();
    }
  });

  it('says in the user\'s language that the upload was interrupted', async () => {
    install.mockRejectedValueOnce(new UploadInterruptedError());
    await renderPage('de');
    const input = screen.getByTestId('plugin-upload-input');
    const file = { name: 'cc-v2.zip', arrayBuffer: async () => new ArrayBuffer(0) };
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    await waitFor(() => expect(screen.getByTestId('plugins-message')).toHaveClass('alert-danger'));
    expect(screen.getByTestId('plugins-message')).toHaveTextContent('Das Plugin konnte nicht installiert werden: Das Hochladen von cc-v2.zip wurde unterbrochen.');
  });
});

describe('PluginsPage keyboard focus', () => {
  it('gives focus back to a switch that was disabled while its setting saved', async () => {
    let finish!: () => void;
    save.mockImplementationOnce((id, config) => new Promise((r) => (finish = () => r({ id, name: 'Dev shell', contextPath: 'shell', config } as never))));
    await renderPage();
    const toggle = within(row('mobile-router')).getByRole('checkbox', { name: 'Enable Mobile router' });
    toggle.focus();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeDisabled());
    // What Chromium does to a focused control that gets disabled (jsdom keeps it there).
    const upload = screen.getByTestId('plugin-upload');
    upload.focus();
    upload.blur();
    expect(document.activeElement).toBe(document.body);
    await act(async () => finish());
    await screen.findByText('"Mobile router" is enabled for every user of the tenant from their next load.');
    expect(toggle).toHaveFocus();
  });

  it('moves focus to Reload once a removed package\'s Remove button is gone', async () => {
    const pkg: PluginManifestEntry = { ...entry('cc', 'Custom checks'), installed: { applicationId: '77', applicationName: 'cc', replaces: [] } };
    useRegistry.setState({ exports: [router, checks, pkg], removedSinceLoad: [] });
    await renderPage();
    fireEvent.click(within(row('cc')).getByRole('button', { name: 'Remove Custom checks' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(row('cc')).queryByTestId('plugin-remove')).toBeNull());
    await waitFor(() => expect(within(screen.getByTestId('plugins-message')).getByRole('button', { name: 'Reload' })).toHaveFocus());
  });
});
