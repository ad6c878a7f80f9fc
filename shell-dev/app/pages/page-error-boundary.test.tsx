import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initShellI18n, loadShellLanguage } from '../i18n-setup';
import { PageErrorBoundary } from './page-error-boundary';

/** A page whose code fails to load until `state.online` (a lazy chunk's ChunkLoadError). */
const state = { online: false };
function Page() {
  if (!state.online) throw Object.assign(new Error('Loading chunk 109 failed.\n(error: http://x/apps/shell/109.js)'), { name: 'ChunkLoadError' });
  return <p>the page</p>;
}

function renderIn(language: 'en' | 'de', page = '/device/1') {
  const i18n = initShellI18n(language);
  void i18n.changeLanguage(language);
  const onRetry = jest.fn();
  const view = render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <PageErrorBoundary page={page} onRetry={onRetry}>
        <Page />
      </PageErrorBoundary>
    </I18nextProvider>,
  );
  return { ...view, onRetry, i18n };
}

beforeEach(() => {
  state.online = false;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('PageErrorBoundary', () => {
  it("says the page could not be loaded (not a blank page, not the browser's words), logs the cause, and Retry loads it", () => {
    const { onRetry } = renderIn('en');
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded. Check the connection and try again. Retry');
    expect(screen.getByRole('alert')).not.toHaveTextContent('chunk');
    expect((console.error as jest.Mock).mock.calls.some((c) => String(c[0]).includes('/device/1') && c[1] instanceof Error)).toBe(true);
    state.online = true;
    fireEvent.click(screen.getByTestId('page-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('another page starts without the failure', () => {
    const { rerender, i18n } = renderIn('en');
    state.online = true;
    rerender(
      <I18nextProvider i18n={i18n} defaultNS="shell">
        <PageErrorBoundary page="/plugins">
          <Page />
        </PageErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await loadShellLanguage('de');
    renderIn('de');
    expect(await screen.findByText(/Diese Seite konnte nicht geladen werden\. Prüfen Sie die Verbindung und versuchen Sie es erneut\./)).toBeInTheDocument();
    expect(screen.getByTestId('page-retry')).toHaveTextContent('Wiederholen');
  });
});
