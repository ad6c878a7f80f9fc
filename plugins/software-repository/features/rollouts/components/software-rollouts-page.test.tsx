import React from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import SoftwareRolloutsPage from './software-rollouts-page';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const ARCHIVED = { id: '7', name: 'machine-monitor 4.2.0', status: 'ARCHIVED', software: { name: 'machine-monitor', version: '4.2.0' }, counters: {} };

describe('SoftwareRolloutsPage empty state', () => {
  beforeEach(() => {
    global.fetch = jest.fn(async () => reply(200, { managedObjects: [ARCHIVED], statistics: { pageSize: 200, currentPage: 1 } })) as unknown as typeof fetch;
  });

  it('says where the rollouts are when only archived ones exist and they are hidden', async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository' });
    expect(await screen.findByText('No software rollouts available')).toBeInTheDocument();
    expect(screen.getByText('Switch on "Show archived" to see the archived software rollouts.')).toBeInTheDocument();
  });

  it('says nothing more when the filter matches no rollout at all', async () => {
    renderContribution(<SoftwareRolloutsPage />, { pluginId: 'software-repository' });
    await screen.findByText('No software rollouts available');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'opcua' } });
    expect(screen.queryByText('Switch on "Show archived" to see the archived software rollouts.')).toBeNull();
  });
});
