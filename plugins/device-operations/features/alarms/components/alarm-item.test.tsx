import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Alarm } from '@shared/platform/alarms';
import { request } from '@shared/platform/fetch-client';
import { getI18n } from '@shared/plugin-api/i18n';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { renderUi } from '@shared/ui/test-utils';
import deviceDe from '../../../locales/device.de.json';
import { AlarmItem } from './alarm-item';

jest.mock('@shared/platform/fetch-client', () => ({ ...jest.requireActual<object>('@shared/platform/fetch-client'), request: jest.fn() }));
const requestMock = request as jest.MockedFunction<typeof request>;

const alarm = { id: '7', text: 'Too hot', count: 1, status: 'ACTIVE', severity: 'MAJOR', type: 't', time: '2026-11-24T10:00:00.000Z', source: { id: '3', name: 'dev' } } as unknown as Alarm;

const show = (language: 'en' | 'de' = 'en') => {
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <AlarmItem alarm={alarm} busy={false} />
    </QueryClientProvider>,
    language,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Details' }));
};

describe('AlarmItem device', () => {
  it("links the alarm's device to its page, in the line and in the details", () => {
    requestMock.mockResolvedValueOnce({ auditRecords: [] });
    show();
    const links = screen.getAllByTestId('device-link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['dev', '#/device/3'],
      ['dev', '#/device/3'],
    ]);
  });
});

describe('AlarmItem layout', () => {
  it('breaks a long device name or text anywhere, so the buttons stay in the card (a 200-character name ran out of the page)', () => {
    const name = 'LONG-' + 'X'.repeat(195);
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <AlarmItem alarm={{ ...alarm, source: { id: '3', name } }} busy={false} />
      </QueryClientProvider>,
    );
    const summary = screen.getByTestId('alarm-summary');
    expect(summary).toContainElement(screen.getByText(name));
    expect(summary.style.overflowWrap).toBe('anywhere');
    expect(summary.style.minWidth).toBe('0');
  });

  it('names the count badge (a screen reader read a bare "1" before the text)', () => {
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <AlarmItem alarm={{ ...alarm, count: 5 }} busy={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('alarm-count')).toHaveAttribute('title', 'Count: 5');
    expect(screen.getByTestId('alarm-count').querySelector('.sr-only')).toHaveTextContent('Count: 5');
  });

  it('names the count badge in German', () => {
    getI18n().addResourceBundle('de', 'translation', deviceDe, true, true);
    requestMock.mockResolvedValueOnce({ auditRecords: [] });
    show('de');
    expect(screen.getByTestId('alarm-count')).toHaveAttribute('title', 'Anzahl: 1');
  });
});

describe('AlarmItem change log', () => {
  it('says the change log could not be read, with the cause, instead of showing it empty', async () => {
    requestMock.mockRejectedValueOnce(new Error('Access is denied'));
    show();
    await waitFor(() => expect(screen.getByTestId('alarm-change-log-error')).toHaveTextContent('The change log could not be read: Access is denied'));
    expect(screen.queryByText('No changes recorded')).toBeNull();
  });

  it('says "No changes recorded" when the platform keeps none', async () => {
    requestMock.mockResolvedValueOnce({ auditRecords: [] });
    show();
    await screen.findByText('No changes recorded');
    expect(screen.queryByTestId('alarm-change-log-error')).toBeNull();
  });

  it('words a status change as the platform does, in German too (not "status: ACTIVE → ACKNOWLEDGED")', async () => {
    getI18n().addResourceBundle('de', 'translation', deviceDe, true, true);
    requestMock.mockResolvedValueOnce({
      auditRecords: [{ creationTime: '2026-11-24T11:00:00.000Z', user: 'operator', changes: [{ attribute: 'status', previousValue: 'ACTIVE', newValue: 'ACKNOWLEDGED' }] }],
    });
    show('de');
    await waitFor(() => expect(screen.getByTestId('alarm-change-log')).toHaveTextContent('(operator) Alarmstatus geändert von Aktiv zu Bestätigt'));
  });

  it('labels the details in German as the platform does', async () => {
    getI18n().addResourceBundle('de', 'translation', deviceDe, true, true);
    requestMock.mockResolvedValueOnce({ auditRecords: [] });
    show('de');
    const details = screen.getByTestId('alarm-details');
    expect(details).toHaveTextContent('Zuerst aufgetreten');
    expect(details).toHaveTextContent('Letztes Auftreten');
    await screen.findByText('Keine Änderungen aufgezeichnet');
  });
});

describe('AlarmItem names its buttons with the alarm', () => {
  it('describes Details, Acknowledge and Clear alarm of each row by its alarm\'s text (a screen reader read the same bare names on every row)', () => {
    const user = testUser(['ROLE_ALARM_READ', 'ROLE_ALARM_ADMIN']);
    renderContribution(
      <ul>
        <AlarmItem alarm={alarm} busy={false} onStatus={jest.fn()} />
        <AlarmItem alarm={{ ...alarm, id: '8', text: 'Door open' }} busy={false} onStatus={jest.fn()} />
      </ul>,
      { context: { user } },
    );
    const [hot, door] = screen.getAllByTestId('alarm-item');
    for (const [row, text] of [[hot, 'Too hot'], [door, 'Door open']] as const) {
      for (const name of ['Details', 'Acknowledge', 'Clear alarm']) expect(within(row).getByRole('button', { name })).toHaveAccessibleDescription(text);
    }
  });

  it('keeps the German names, described by the alarm\'s text', () => {
    const user = testUser(['ROLE_ALARM_READ', 'ROLE_ALARM_ADMIN']);
    renderContribution(<AlarmItem alarm={alarm} busy={false} onStatus={jest.fn()} />, { context: { user }, language: 'de', locales: deviceDe });
    for (const name of ['Details', 'Bestätigen', 'Alarm aufheben']) expect(screen.getByRole('button', { name })).toHaveAccessibleDescription('Too hot');
  });
});
