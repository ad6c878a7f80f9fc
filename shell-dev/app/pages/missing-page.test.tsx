import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initShellI18n, loadShellLanguage } from '../i18n-setup';
import { useRegistry } from '../plugin-host/registry';
import type { PluginManifestEntry } from '../plugin-host/enabled';
import { MissingPage } from './missing-page';

const repo: PluginManifestEntry = {
  id: 'software-repository',
  name: 'Software repository',
  module: 'plugin',
  contextPath: 'software-repository',
  version: '1.0.0',
  defaultEnabled: true,
  description: '',
  routes: ['/software', '/softwarerollout'],
};

function renderPage(path: string, language: 'en' | 'de' = 'en') {
  const i18n = initShellI18n(language);
  void i18n.changeLanguage(language);
  return render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <MissingPage path={path} onRetry={reload} />
    </I18nextProvider>,
  );
}

const reload = jest.fn();

beforeEach(() => {
  useRegistry.setState({ exports: [repo], loading: false, plugins: { [repo.id]: { status: 'failed', loadTimeMs: 15000, reason: 'Plugin software-repository: timed out after 15000 ms' } } });
});

describe('MissingPage', () => {
  it('names the plugin of a failed route and why, with a retry instead of "Page not found"', () => {
    renderPage('/software');
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('The plugin "Software repository" (software-repository), which provides the page "/software", failed to load.');
    expect(screen.getByTestId('plugin-page-reason')).toHaveTextContent('Plugin software-repository: timed out after 15000 ms');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("shows the federation runtime's headline and cause of a failed plugin, not its arguments, docs link and label line", () => {
    const reason = `[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008
args: {"remoteName":"software-repository","resourceUrl":"http://127.0.0.1:41743/apps/software-repository/remoteEntry.js"}
View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008
Original Error Message:
 ScriptNetworkError: Failed to load script "http://127.0.0.1:41743/apps/software-repository/remoteEntry.js"`;
    useRegistry.setState({ plugins: { [repo.id]: { status: 'failed', loadTimeMs: 80, reason } } });
    renderPage('/software');
    const shown = screen.getByTestId('plugin-page-reason');
    expect(shown).toHaveTextContent('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
    expect(shown).toHaveTextContent('ScriptNetworkError: Failed to load script "http://127.0.0.1:41743/apps/software-repository/remoteEntry.js"');
    expect(shown.textContent).not.toMatch(/args:|View the docs|Original Error Message/);
  });

  it('speaks German, the plugin named as the plugins page names it', async () => {
    // The shell's German, as the page has it once a German user is in (the manifest's names with it).
    await loadShellLanguage('de');
    renderPage('/softwarerollout', 'de');
    expect(screen.getByRole('alert')).toHaveTextContent('Das Plugin „Software Repository“ (software-repository), das die Seite „/softwarerollout“ bereitstellt, konnte nicht geladen werden.');
    expect(screen.getByRole('button', { name: 'Wiederholen' })).toBeInTheDocument();
  });

  it('says a disabled owner is not loaded, and why', () => {
    useRegistry.setState({ plugins: { [repo.id]: { status: 'disabled', reason: 'disabled' } } });
    renderPage('/software');
    expect(screen.getByTestId('plugin-page-not-loaded')).toHaveTextContent('is not loaded: disabled for the tenant.');
  });

  it('keeps "Page not found" for a path nobody claims and nothing failed', () => {
    useRegistry.setState({ plugins: { [repo.id]: { status: 'loaded', loadTimeMs: 1, warnings: [] } } });
    renderPage('/nowhere');
    expect(screen.getByTestId('not-found')).toHaveTextContent('No plugin provides the page "/nowhere".');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
