import React from 'react';
import { screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import { topModalDialog } from '@shared/ui/top-layer';
import listsDe from '../../../locales/lists.de.json';
import { ServerJobOverlay } from './server-job-overlay';

describe('ServerJobOverlay', () => {
  it("is the shared modal overlay (the page beneath inert, not reachable with Tab) with the job's progress", () => {
    const page = (
      <>
        <button type="button">Reload</button>
        <ServerJobOverlay overlay={{ text: '', progress: { done: 3, total: 12 } }} />
      </>
    );
    renderContribution(page, { pluginId: 'device-operations', language: 'de', locales: listsDe });
    const overlay = screen.getByTestId('loading-overlay');
    expect(topModalDialog()).toBe(overlay);
    expect(screen.getByTestId('loading-overlay-message')).toHaveTextContent('Operation läuft auf dem Server (3/12)');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    // On a card, not as bare text over the page's rows beneath the backdrop.
    expect(screen.getByTestId('loading-overlay-card')).toContainElement(screen.getByTestId('loading-overlay-message'));
    expect(screen.getByTestId('loading-overlay-card')).toContainElement(screen.getByRole('progressbar'));
  });

  it('says while the connection is lost that the job goes on on the server, with the progress it had', () => {
    renderContribution(<ServerJobOverlay overlay={{ text: '', progress: { done: 3, total: 12 }, connectionLost: true }} />, { pluginId: 'device-operations', language: 'de', locales: listsDe });
    expect(screen.getByTestId('loading-overlay-message')).toHaveTextContent('Die Verbindung zum Server ist unterbrochen. Die Operation läuft auf dem Server weiter. Warten auf die Verbindung… (3/12)');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it('says the step without progress, and is gone without an overlay', () => {
    const first = renderContribution(<ServerJobOverlay overlay={{ text: 'Loading selected devices' }} />, { pluginId: 'device-operations' });
    expect(screen.getByTestId('loading-overlay-message')).toHaveTextContent('Loading selected devices');
    expect(screen.queryByRole('progressbar')).toBeNull();
    first.unmount();
    renderContribution(<ServerJobOverlay overlay={null} />, { pluginId: 'device-operations' });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
