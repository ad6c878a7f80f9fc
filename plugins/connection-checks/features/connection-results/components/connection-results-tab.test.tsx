import React from 'react';
import { screen, waitFor } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import de from '../../../locales/de.json';
import ConnectionResultsTab from './connection-results-tab';
import { urlCheckResults } from '../api/connection-results';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const device = (results?: unknown) => ({ id: '7', name: 'dev', adamos_IoTconnector_URLChecks: results === undefined ? undefined : { results } });

describe('urlCheckResults', () => {
  it.each([
    ['no fragment', undefined, []],
    ['not a list', 'x', []],
    ['drops entries that are no object', [null, 'x', [1], { success: false, url: 'https://a', error: 'timeout' }], [{ success: false, url: 'https://a', error: 'timeout' }]],
    ['keeps a check without url', [{ success: false, error: 'DNS lookup failed' }], [{ success: false, url: '', error: 'DNS lookup failed' }]],
    [
      'shows an error sent as a number or an object as sent, not as nothing',
      [{ success: false, url: 'https://a', error: 504 }, { success: false, url: 'https://b', error: { code: 'ETIMEDOUT' } }, { success: true, url: 'https://c', error: null }],
      [
        { success: false, url: 'https://a', error: '504' },
        { success: false, url: 'https://b', error: '{"code":"ETIMEDOUT"}' },
        { success: true, url: 'https://c', error: undefined },
      ],
    ],
    [
      'reads success sent as text like a boolean',
      [{ success: 'true', url: 'https://a' }, { success: 'false', url: 'https://b' }, { success: ' TRUE ', url: 'https://c' }, { success: 'yes', url: 'https://d' }],
      [
        { success: true, url: 'https://a' },
        { success: false, url: 'https://b' },
        { success: true, url: 'https://c' },
        { success: false, url: 'https://d' },
      ],
    ],
  ])('%s', (_n, results, expected) => {
    expect(urlCheckResults(device(results))).toEqual(expected);
  });
});

describe('ConnectionResultsTab', () => {
  beforeEach(() => {
    global.fetch = jest.fn(async () => reply(200, device([{ success: true, url: 'https://ok' }]))) as unknown as typeof fetch;
  });

  it('lists the checks with number, result, URL and error', async () => {
    renderContribution(<ConnectionResultsTab />, {
      pluginId: 'connection-checks',
      device: device([
        { success: true, url: 'https://hub.example/api' },
        { success: false, url: 'https://blocked.example', error: 'connection refused' },
      ]),
    });
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('2');
    expect(rows[2]).toHaveTextContent('https://blocked.example');
    expect(rows[2]).toHaveTextContent('connection refused');
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
  });

  it("is titled as the spec's page 'Connection Checks', in German too", () => {
    renderContribution(<ConnectionResultsTab />, { pluginId: 'connection-checks', device: device([{ success: true, url: 'https://ok' }]), language: 'de', locales: de });
    expect(screen.getByRole('heading', { level: 4, name: 'Verbindungsprüfungen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'URL-Prüfungen' })).toBeInTheDocument();
  });

  it('shows a check whose success came as the text "true" as a success', () => {
    renderContribution(<ConnectionResultsTab />, {
      pluginId: 'connection-checks',
      device: device([
        { success: 'true', url: 'https://hub.example/api' },
        { success: 'false', url: 'https://blocked.example', error: 'connection refused' },
      ]),
    });
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1Yeshttps://hub.example/api');
    expect(rows[1].querySelector('.text-success')).not.toBeNull();
    expect(rows[2]).toHaveTextContent('2Nohttps://blocked.example');
  });

  it("says 'No results to display.' when there are none", async () => {
    global.fetch = jest.fn(async () => reply(200, device([]))) as unknown as typeof fetch;
    renderContribution(<ConnectionResultsTab />, { pluginId: 'connection-checks', device: device([]) });
    expect(await screen.findByText('No results to display.')).toBeInTheDocument();
  });

  it('shows a failed check the device reported without a URL, not "No results to display."', () => {
    renderContribution(<ConnectionResultsTab />, { pluginId: 'connection-checks', device: device([{ success: false, error: 'DNS lookup failed' }]) });
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('1No-DNS lookup failed');
    expect(screen.queryByText('No results to display.')).toBeNull();
  });

  it('renders HTML in URLs and errors as text', () => {
    renderContribution(<ConnectionResultsTab />, {
      pluginId: 'connection-checks',
      device: device([{ success: false, url: '<img src=x onerror="window.__pwned=1">', error: '<b>bold</b>' }]),
    });
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('says why the checks could not be reloaded, keeping the ones already shown', async () => {
    global.fetch = jest.fn(async () => reply(500, { error: 'general/internalError', message: 'Inventory unavailable' })) as unknown as typeof fetch;
    renderContribution(<ConnectionResultsTab />, { pluginId: 'connection-checks', device: device([{ success: true, url: 'https://hub.example/api' }]) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the URL checks: Inventory unavailable');
    expect(screen.getByText('https://hub.example/api')).toBeInTheDocument();
  });

  it('does not call a failed load empty', async () => {
    global.fetch = jest.fn(async () => reply(500, { error: 'general/internalError', message: 'Inventory unavailable' })) as unknown as typeof fetch;
    renderContribution(<ConnectionResultsTab />, { pluginId: 'connection-checks', device: device([]), language: 'de', locales: de });
    expect(await screen.findByRole('alert')).toHaveTextContent('URL-Prüfungen konnten nicht geladen werden: Inventory unavailable');
    expect(screen.queryByText('Keine Ergebnisse anzuzeigen.')).toBeNull();
  });
});
