import React from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import type { Rollout } from '../api/rollouts';
import { RolloutCard } from './rollout-card';
import { alerts } from '@shared/ui/alerts';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';

/** The page's realtime connection: the test pushes notifications and interrupts it. */
const mockRealtime = { handlers: new Map<string, (m: unknown, channel: string) => void>(), interrupted: false, listeners: new Set<() => void>() };
jest.mock('@shared/platform/realtime', () => ({
  ...jest.requireActual('@shared/platform/realtime'),
  getRealtime: () => ({
    subscribe: (channel: string, handler: (m: unknown, channel: string) => void) => {
      mockRealtime.handlers.set(channel, handler);
      return () => mockRealtime.handlers.delete(channel);
    },
    onResume: () => () => undefined,
    onStatusChange: (l: () => void) => {
      mockRealtime.listeners.add(l);
      return () => mockRealtime.listeners.delete(l);
    },
    get interrupted() {
      return mockRealtime.interrupted;
    },
  }),
}));

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

describe('RolloutCard counters', () => {
  it('sets a counter that opens its devices like the plain ones (no taller row, no lower value)', async () => {
    // Measured in Chromium at 1280 and 1920: the platform's .btn gave the link a 32 px minimum height,
    // 14 px text and middle alignment (rows 47 px instead of 32 px, the value 6 px below its label).
    const r = { ...rollout('COMPLETED'), counters: { success: 30, failed: 2 } } as unknown as Rollout;
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={r} onReloadList={jest.fn()} />, { pluginId: 'software-repository' });
    fireEvent.click(screen.getAllByTestId('rollout-expand')[0]);
    const link = await screen.findByTestId('counter-open-success');
    const style = link.getAttribute('style') ?? '';
    for (const rule of [/min-height: 0/, /font-size: inherit/, /line-height: inherit/, /vertical-align: baseline/, /border: 0/]) expect(style).toMatch(rule);
  });
});

describe('RolloutCard in a huge tenant', () => {
  const big = () =>
    ({
      ...rollout('PAUSED'),
      counters: { total: 20000, success: 11000, updated: 72, failed: 1000, waiting: 1500 },
      rolloutParameters: { batchSize: 1000, batchGapSeconds: 60 },
      progress: { batch: 12, batches: 20 },
      pauseReason: { reason: 'pauseLimit', failed: 1000, limit: 1000 },
    }) as unknown as Rollout;

  it.each([
    ['en', '12,072 of 20,000 devices processed · 1,500 waiting', '1,000 devices failed: the automatic pause limit 1,000 is reached.', '11,000', '20,000'],
    ['de', '12.072 von 20.000 Geräten verarbeitet · 1.500 wartend', '1.000 Geräte sind fehlgeschlagen: die automatische Pausengrenze 1.000 ist erreicht.', '11.000', '20.000'],
  ])('writes its counts with the thousands separators of %s', async (language, progress, pause, success, total) => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={big()} onReloadList={jest.fn()} />, { pluginId: 'software-repository', ...(language === 'de' ? { language: 'de', locales: de } : {}) });
    expect(screen.getByTestId('rollout-progress')).toHaveTextContent(progress);
    expect(screen.getByTestId('rollout-pause-reason')).toHaveTextContent(pause);
    fireEvent.click(screen.getAllByTestId('rollout-expand')[0]);
    expect(await screen.findByTestId('counter-open-success')).toHaveTextContent(success);
    expect(screen.getByTestId('counter-total')).toHaveTextContent(total);
    fireEvent.click(screen.getByTestId('rollout-details-button'));
    expect(screen.getByTestId('detail-batch-size')).toHaveTextContent(language === 'de' ? '1.000' : '1,000');
  });
});

describe('RolloutCard counts of one', () => {
  // The noun goes with the count: "0 of 1 device processed" (it said "0 of 1 devices processed").
  const card = (language: 'en' | 'de', r: Record<string, unknown>) => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={{ ...rollout('PAUSED'), ...r } as unknown as Rollout} onReloadList={jest.fn()} />, {
      pluginId: 'software-repository',
      language,
      locales: language === 'de' ? de : en,
    });
  };

  it.each([
    ['en', 1, '0 of 1 device processed'],
    ['en', 2, '0 of 2 devices processed'],
    ['de', 1, '0 von 1 Gerät verarbeitet'],
    ['de', 2, '0 von 2 Geräten verarbeitet'],
  ] as const)('progress (%s, %d devices): %s', (language, total, text) => {
    card(language, { counters: { total } });
    expect(screen.getByTestId('rollout-progress')).toHaveTextContent(new RegExp(`^${text}$`));
    expect(screen.getByTestId('rollout-progress-bar')).toHaveAttribute('aria-valuetext', text);
  });

  it.each([
    ['en', 1, '1 device failed: the automatic pause limit 1 is reached.'],
    ['en', 2, '2 devices failed: the automatic pause limit 2 is reached.'],
    ['de', 1, '1 Gerät ist fehlgeschlagen: die automatische Pausengrenze 1 ist erreicht.'],
    ['de', 2, '2 Geräte sind fehlgeschlagen: die automatische Pausengrenze 2 ist erreicht.'],
  ] as const)('automatic pause limit (%s, %d failed): %s', (language, failed, text) => {
    card(language, { counters: { total: 5, failed }, pauseReason: { reason: 'pauseLimit', failed, limit: failed } });
    expect(screen.getByTestId('rollout-pause-reason')).toHaveTextContent(text);
  });

  it.each([
    ['en', 1, '1 of 1 processed device failed, more than the error threshold of 30 %.'],
    ['en', 2, '1 of 2 processed devices failed, more than the error threshold of 30 %.'],
    ['de', 1, '1 von 1 verarbeiteten Gerät fehlgeschlagen, mehr als die Fehlerschwelle von 30 %.'],
    ['de', 2, '1 von 2 verarbeiteten Geräten fehlgeschlagen, mehr als die Fehlerschwelle von 30 %.'],
  ] as const)('error threshold (%s, %d processed): %s', (language, processed, text) => {
    card(language, { counters: { total: 5, failed: 1 }, pauseReason: { reason: 'errorThreshold', failed: 1, processed, errorThresholdPercent: 30 } });
    expect(screen.getByTestId('rollout-pause-reason')).toHaveTextContent(text);
  });
});

describe('RolloutCard pause reason', () => {
  // The server's message is English; the card says the reason by its code in the page's language.
  it.each([
    [{ reason: 'manual', message: 'Paused by a user' }, 'Pausiert: Von einem Benutzer pausiert.'],
    [{ reason: 'manual', user: 'anna', message: 'Paused by anna' }, 'Pausiert: Pausiert von anna.'],
    [{ reason: 'pauseLimit', message: '3 devices failed: automatic pause limit 3 reached.' }, 'Pausiert: automatische Pausengrenze erreicht. 3 devices failed: automatic pause limit 3 reached.'],
  ])('%j in German', (pauseReason, text) => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={{ ...rollout('PAUSED'), pauseReason } as unknown as Rollout} onReloadList={jest.fn()} />, { pluginId: 'software-repository', language: 'de', locales: de });
    expect(screen.getByTestId('rollout-pause-reason')).toHaveTextContent(new RegExp(`^${text.replace(/[.]/g, '\\.')}$`));
  });
});

describe('RolloutCard details', () => {
  const details = (parameters: Record<string, unknown>, language?: 'de') => {
    const r = { ...rollout('COMPLETED'), rolloutParameters: { batchSize: 10, batchGapSeconds: 60, automaticPauseLimits: [], ...parameters } } as unknown as Rollout;
    renderContribution(<RolloutCard rollout={r} onReloadList={jest.fn()} />, { pluginId: 'software-repository', ...(language ? { language, locales: de } : {}) });
    fireEvent.click(screen.getByTestId('rollout-details-button'));
  };

  it('says the operation time-out a rollout made without one runs with (the default, 1 h), not "-"', () => {
    details({});
    expect(screen.getByTestId('detail-timeout')).toHaveTextContent(/^1 h$/);
  });

  it('shows a rollout\'s own operation time-out', () => {
    details({ operationTimeoutSeconds: 120 });
    expect(screen.getByTestId('detail-timeout')).toHaveTextContent(/^2 min$/);
  });

  it('gives its labels the width of their text (the theme\'s dl-horizontal cut "Verzögerung zwischen Batches" at 160 px)', () => {
    details({}, 'de');
    const facts = screen.getByTestId('rollout-facts');
    expect(facts).not.toHaveClass('dl-horizontal');
    expect(facts.getAttribute('style')).toMatch(/grid-template-columns: fit-content\(60%\) minmax\(0, 1fr\)/);
    expect(facts).toHaveTextContent('Verzögerung zwischen Batches');
  });
});

describe('RolloutCard cancel', () => {
  it.each([
    ['CREATED', 'Keep rollout'],
    ['PAUSED', 'Keep rollout'],
    ['ONGOING', 'Keep running'],
  ])('asks before cancelling a %s rollout, keeping it as "%s"', async (status, keep) => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={rollout(status)} onReloadList={jest.fn()} />, {
      pluginId: 'software-repository',
      context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    });
    fireEvent.click(screen.getAllByTestId('rollout-cancel')[0]);
    const keepButton = await screen.findByRole('button', { name: keep });
    expect(screen.getByRole('button', { name: 'Cancel rollout' })).toBeInTheDocument();
    // The confirmation is imperative (outside the card's tree): closed, it leaves nothing for the next case.
    fireEvent.click(keepButton);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel rollout' })).toBeNull());
  });
});

describe('RolloutCard delete', () => {
  it('asks in German with one grammatical gender for "Rollout" (das, as its other German texts)', async () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={rollout('COMPLETED')} onReloadList={jest.fn()} />, {
      pluginId: 'software-repository',
      language: 'de',
      locales: de,
      context: { user: testUser(['ROLE_INVENTORY_READ', 'ROLE_INVENTORY_ADMIN']) },
    });
    fireEvent.click(screen.getAllByTestId('rollout-delete')[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Löschen bestätigen?' });
    expect(dialog).toHaveTextContent('Wollen Sie das Software-Rollout von „machine-monitor 4.2.0“ wirklich löschen?');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('has no German text that makes "Rollout" masculine', () => {
    expect(Object.values(de).filter((v) => /\b(der|den|dem|einen?) (Software-)?Rollout\b/i.test(v))).toEqual([]);
  });
});

describe('RolloutCard live marker', () => {
  it('does not say "live" while realtime updates are interrupted (the page says that instead)', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderContribution(<RolloutCard rollout={rollout('ONGOING')} onReloadList={jest.fn()} />, { pluginId: 'software-repository' });
    act(() => mockRealtime.handlers.get('/managedobjects/7')?.({ realtimeAction: 'UPDATE', data: { status: 'ONGOING', counters: { success: 1 } } }, '/managedobjects/7'));
    expect(screen.getByTestId('rollout-live')).toBeInTheDocument();
    const interrupt = (value: boolean) =>
      act(() => {
        mockRealtime.interrupted = value;
        mockRealtime.listeners.forEach((l) => l());
      });
    interrupt(true);
    expect(screen.queryByTestId('rollout-live')).toBeNull();
    interrupt(false);
    expect(screen.getByTestId('rollout-live')).toBeInTheDocument();
  });
});

describe('RolloutCard on a slow network', () => {
  it('sends one delete: Delete and the actions wait while it runs (a second Delete was refused as not found)', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    global.fetch = fetchMock as unknown as typeof fetch;
    const onReloadList = jest.fn();
    renderContribution(<RolloutCard rollout={rollout('COMPLETED')} onReloadList={onReloadList} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('rollout-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('rollout-delete')).toBeDisabled();
    expect(screen.getByTestId('rollout-archive')).toBeDisabled();
    await act(async () => answer({ ok: true, status: 204, statusText: '', headers: { get: () => null }, text: async () => '' } as unknown as Response));
    await waitFor(() => expect(onReloadList).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('RolloutCard after another user', () => {
  const answer = (status: number, body: unknown) =>
    ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    alerts.clearAll();
  });

  it('says the rollout another user deleted meanwhile by name on a second Delete (not the service\'s raw "not found"), and reads the list again', async () => {
    global.fetch = jest.fn(async () => answer(404, { error: 'inventory/notFound', message: 'Finding device data from database failed : No managedObject for id \'7\'!' })) as unknown as typeof fetch;
    const onReloadList = jest.fn();
    const danger = jest.spyOn(alerts, 'danger');
    renderContribution(<RolloutCard rollout={rollout('COMPLETED')} onReloadList={onReloadList} />, { pluginId: 'software-repository', language: 'de', locales: de, context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('rollout-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onReloadList).toHaveBeenCalled());
    expect(danger).toHaveBeenCalledWith(de['The software rollout could not be deleted.'], { detail: 'Das Software-Rollout „machine-monitor 4.2.0“ existiert nicht mehr: Ein anderer Benutzer hat es gelöscht.' });
    danger.mockRestore();
  });

  it('says that another user changed the status when the pressed action no longer applies (409), and reads the list again', async () => {
    global.fetch = jest.fn(async () => answer(409, { error: 'create-software-ng/invalidTransition', message: 'Software rollout in status CANCELLED cannot change to ARCHIVED' })) as unknown as typeof fetch;
    const onReloadList = jest.fn();
    const danger = jest.spyOn(alerts, 'danger');
    renderContribution(<RolloutCard rollout={rollout('COMPLETED')} onReloadList={onReloadList} />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });
    fireEvent.click(screen.getByTestId('rollout-archive'));
    await waitFor(() => expect(onReloadList).toHaveBeenCalled());
    expect(danger).toHaveBeenCalledWith('The software rollout status could not be changed.', {
      detail: 'Another user changed the status of the software rollout "machine-monitor 4.2.0" meanwhile. The list is read again: check its status.',
    });
    danger.mockRestore();
  });
});
