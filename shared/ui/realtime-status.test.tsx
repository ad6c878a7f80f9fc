import React from 'react';
import { act, screen } from '@testing-library/react';
import type { RealtimeClient, RealtimeRefusal } from '../platform/realtime';
import { RealtimeStatus } from './realtime-status';
import { renderUi } from './test-utils';

/** A RealtimeClient double whose interruption and refused channels the test sets. */
function fakeRealtime() {
  const listeners = new Set<() => void>();
  const state: { interrupted: boolean; refused: readonly RealtimeRefusal[] } = { interrupted: false, refused: [] };
  const client = {
    get interrupted() {
      return state.interrupted;
    },
    get refused() {
      return state.refused;
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
  const refuse = (refused: readonly RealtimeRefusal[]) =>
    act(() => {
      state.refused = refused;
      listeners.forEach((l) => l());
    });
  return { client, set, refuse, listeners };
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

describe('a channel the server refused', () => {
  it('says that realtime updates are not available, why (403: no permission), and nothing once the refusal is gone', () => {
    const rt = fakeRealtime();
    renderUi(<RealtimeStatus client={rt.client} />);
    const region = screen.getByRole('status');
    rt.refuse([{ channel: '/alarms/7', error: '403:/alarms/7:Access is denied' }]);
    expect(region.textContent).toBe('Realtime updates are not available here: your user has no permission to read this data.');
    expect(screen.getByTestId('realtime-refused')).toBeTruthy();
    expect(region.style.position).toBe('');
    rt.refuse([]);
    expect(region.textContent).toBe('');
  });

  it("names the server's message for any other refusal, each reason once", () => {
    const rt = fakeRealtime();
    rt.refuse([
      { channel: '/foo/1', error: '404:/foo/1:Unknown channel' },
      { channel: '/foo/2', error: '404:/foo/2:Unknown channel' },
      { channel: '/alarms/7', error: '403:/alarms/7:Access is denied' },
    ]);
    renderUi(<RealtimeStatus client={rt.client} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Realtime updates are not available here: the server refused them (Unknown channel); your user has no permission to read this data.',
    );
  });

  it('shows an error that is no Bayeux error as it is', () => {
    const rt = fakeRealtime();
    rt.refuse([{ channel: '/foo/1', error: 'refused' }]);
    renderUi(<RealtimeStatus client={rt.client} />);
    expect(screen.getByRole('status').textContent).toBe('Realtime updates are not available here: the server refused them (refused).');
  });

  it('says it in German', () => {
    const rt = fakeRealtime();
    rt.refuse([{ channel: '/alarms/7', error: '403:/alarms/7:Access is denied' }]);
    renderUi(<RealtimeStatus client={rt.client} />, 'de');
    expect(screen.getByRole('status').textContent).toBe('Echtzeit-Aktualisierungen sind hier nicht verfügbar: Ihr Benutzer hat keine Berechtigung, diese Daten zu lesen.');
  });

  it('says the interruption instead while the connection is interrupted (a new session subscribes again), and nothing while the screen is not live', () => {
    const rt = fakeRealtime();
    rt.refuse([{ channel: '/alarms/7', error: '403:/alarms/7:Access is denied' }]);
    rt.set(true);
    const { rerender } = renderUi(<RealtimeStatus client={rt.client} />);
    expect(screen.getByRole('status').textContent).toBe('Realtime updates interrupted. Trying to reconnect…');
    rt.set(false);
    rerender(<RealtimeStatus client={rt.client} live={false} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
