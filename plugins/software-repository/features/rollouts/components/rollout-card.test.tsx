import React from 'react';
import { screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import type { Rollout } from '../api/rollouts';
import { RolloutCard } from './rollout-card';
import de from '../../../locales/de.json';

// Settled states: the card does not subscribe to realtime updates for them.
const rollout = (status: string) => ({ id: '7', name: 'machine-monitor 4.2.0', status, software: { name: 'machine-monitor', version: '4.2.0' }, counters: {} }) as unknown as Rollout;

describe('RolloutCard status badge', () => {
  it.each([
    ['COMPLETED', 'ABGESCHLOSSEN'],
    ['CANCELLED', 'ABGEBROCHEN'],
    ['BROKEN', 'DEFEKT'],
    ['ARCHIVED', 'ARCHIVIERT'],
  ])('says %s in German as %s, keeping the raw status in data-status', (status, german) => {
    renderContribution(<RolloutCard rollout={rollout(status)} onReloadList={jest.fn()} />, { pluginId: 'software-repository', language: 'de', locales: de });
    expect(screen.getAllByTestId('rollout-status')[0]).toHaveTextContent(new RegExp(`^${german}$`));
    expect(screen.getByTestId('rollout-card-7')).toHaveAttribute('data-status', status);
  });

  it('has a German text for every status a rollout can have', () => {
    for (const status of ['CREATED', 'ONGOING', 'PAUSED', 'COMPLETED', 'CANCELLED', 'BROKEN', 'ARCHIVED']) {
      expect([status, (de as Record<string, string>)[status]]).toEqual([status, expect.not.stringMatching(new RegExp(`^${status}$`))]);
    }
  });

  it('shows a status it does not know as it came', () => {
    renderContribution(<RolloutCard rollout={rollout('ARCHIVED_SOMEDAY')} onReloadList={jest.fn()} />, { pluginId: 'software-repository', language: 'de', locales: de });
    expect(screen.getAllByTestId('rollout-status')[0]).toHaveTextContent(/^ARCHIVED_SOMEDAY$/);
  });
});
