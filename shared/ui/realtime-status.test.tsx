import React from 'react';
import { act, screen } from '@testing-library/react';
import type { RealtimeClient } from '../platform/realtime';
import { RealtimeStatus } from './realtime-status';
import { renderUi } from './test-utils';

/** A RealtimeClient double whose interruption the test sets. */
function fakeRealtime() {
  const listeners = new Set<() => void>();
  const state = { interrupted: false };
  const client = {
    get interrupted() {
      return state.interrupted;
    },
    onStatusChange: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as RealtimeClient;
  const set = (interrupted: boolean) =>
    act(() => {
      state.interrupted = interrupted;
      listeners.forEach((l) => l());
    });
  return { client, set, listeners };
}

it('says, in a status region, that realtime updates are interrupted while they are, and nothing after they resume', () => {
  const rt = fakeRealtime();
  const { unmount } = renderUi(<RealtimeStatus client={rt.client} />);
  const region = screen.getByRole('status');
  expect(region.textContent).toBe('');
  // Empty, out of the flow (no flex gap for it in a toolbar); in it while it says something.
  expect(region.style.position).toBe('absolute');
  rt.set(true);
  expect(region.textContent).toBe('Realtime updates interrupted. Trying to reconnect…');
  expect(region.style.position).toBe('');
  rt.set(false);
  expect(region.textContent).toBe('');
  expect(region.style.position).toBe('absolute');
  unmount();
  expect(rt.listeners.size).toBe(0);
});

it('says it in German', () => {
  const rt = fakeRealtime();
  rt.set(true);
  renderUi(<RealtimeStatus client={rt.client} />, 'de');
  expect(screen.getByRole('status').textContent).toBe('Echtzeit-Aktualisierungen unterbrochen. Verbindung wird wiederhergestellt…');
});

it('says nothing while the screen is not live (its Realtime switch is off)', () => {
  const rt = fakeRealtime();
  rt.set(true);
  renderUi(<RealtimeStatus client={rt.client} live={false} />);
  expect(screen.getByRole('status').textContent).toBe('');
});
