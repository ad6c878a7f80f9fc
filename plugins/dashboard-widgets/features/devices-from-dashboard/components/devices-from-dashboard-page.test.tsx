import React from 'react';
import { screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
import DevicesFromDashboardPage from './devices-from-dashboard-page';

beforeEach(() => {
  // The actions show before any answer: the requests stay unanswered.
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

describe('/devicesFromDashboard actions', () => {
  // The same labels as the device list (plugins/device-operations, device-list-view.tsx) for the same actions.
  it.each([
    ['en', en, ['Select software', 'Clear Pending Assignments', 'Initialize not-monitored devices', 'Create smart group']],
    ['de', de, ['Software auswählen', 'Ausstehende Zuweisungen löschen', 'Nicht überwachte Geräte initialisieren', 'Smart Group erstellen']],
  ] as const)('say what the device list says (%s)', async (language, locales, labels) => {
    renderContribution(<DevicesFromDashboardPage />, { pluginId: 'dashboard-widgets', language, locales, context: { query: { view: 'currentOnlineDevices' } } });
    const shown = ['action-select-software', 'action-clear-pending', 'action-initialize', 'action-smart-group'].map((id) => screen.getByTestId(id).textContent?.trim());
    expect(shown).toEqual(labels);
    // The grid's code loads lazily: the test ends once it has.
    await screen.findByTestId('device-grid');
  });
});
