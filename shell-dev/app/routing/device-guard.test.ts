import { initShellI18n, loadShellLanguage } from '../i18n-setup';
import { guardDeviceRoute, isNumericId, logRefusal, refusalText, type FetchDevice } from './device-guard';

const answering =
  (status: number, body: unknown): FetchDevice =>
  async () => ({ status, body });

describe('isNumericId', () => {
  it.each([
    ['42', true],
    ['0', true],
    ['4a', false],
    ['', false],
    ['-1', false],
    ['1.5', false],
    [' 1', false],
  ])('%p -> %p', (id, expected) => expect(isNumericId(id)).toBe(expected));
});

describe('guardDeviceRoute', () => {
  it('refuses a non-numeric id without asking the inventory', async () => {
    const fetchDevice = jest.fn(answering(200, { id: 'abc' }));
    await expect(guardDeviceRoute('abc', fetchDevice)).resolves.toMatchObject({ ok: false, reason: 'not-numeric' });
    expect(fetchDevice).not.toHaveBeenCalled();
  });

  it('admits a device the inventory answers with 200 and hands it over frozen', async () => {
    const result = await guardDeviceRoute('42', answering(200, { id: '42', name: 'NB-1', type: 'adamos_NETbox' }));
    expect(result).toEqual({ ok: true, device: { id: '42', name: 'NB-1', type: 'adamos_NETbox' } });
    expect(result.ok && Object.isFrozen(result.device)).toBe(true);
  });

  it.each([
    [404, 'not-found', { error: 'inventory/Not Found', message: 'Finding device data with id 42 failed' }, 'Finding device data with id 42 failed'],
    [403, 'failed', { error: 'security/Forbidden', message: 'Access is denied' }, 'Access is denied'],
    [500, 'failed', null, 'Device 42 could not be loaded (500).'],
    [201, 'failed', { id: '42' }, 'Device 42 could not be loaded (201).'],
  ])('refuses on status %p', async (status, reason, body, message) => {
    await expect(guardDeviceRoute('42', answering(status, body))).resolves.toMatchObject({ ok: false, reason, status, message });
  });

  it('refuses a 200 without the asked device', async () => {
    await expect(guardDeviceRoute('42', answering(200, { id: '43' }))).resolves.toMatchObject({ ok: false, reason: 'failed' });
  });

  it('refuses when the request fails', async () => {
    const failing: FetchDevice = async () => {
      throw new Error('network down');
    };
    await expect(guardDeviceRoute('42', failing)).resolves.toMatchObject({ ok: false, reason: 'failed', message: 'network down' });
  });
});

describe('logRefusal', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());
  const logged = async (id: string, fetchDevice: FetchDevice) => {
    const r = await guardDeviceRoute(id, fetchDevice);
    if (r.ok) throw new Error('not refused');
    logRefusal(id, r);
    return consoleError.mock.calls.map((args) => String(args[0]));
  };

  it('logs a device that could not be loaded once, with the status and error code behind the message', async () => {
    expect(await logged('42', answering(403, { error: 'security/Forbidden', message: 'Access is denied' }))).toEqual([
      'Device 42 could not be loaded: 403 security/Forbidden: Access is denied',
    ]);
  });

  it.each([
    ['a 500 without body', answering(500, null), 'Device 42 could not be loaded: 500: Device 42 could not be loaded (500).'],
    ['a 200 with another device', answering(200, { id: '43' }), 'Device 42 could not be loaded: The server answered without the data asked for. (GET /inventory/managedObjects/42: {"id":"43"})'],
    [
      'a request without answer',
      (async () => {
        throw new Error('The platform cannot be reached. Check the connection and try again.', { cause: new TypeError('Failed to fetch') });
      }) as FetchDevice,
      'Device 42 could not be loaded: The platform cannot be reached. Check the connection and try again. (TypeError: Failed to fetch)',
    ],
  ])('logs %s with its cause', async (_what, fetchDevice, line) => {
    expect(await logged('42', fetchDevice)).toEqual([line]);
  });

  it('logs nothing for an id that is not numeric (no request; its message says all)', async () => {
    expect(await logged('4a', answering(200, {}))).toEqual([]);
  });
});

describe('refusalText', () => {
  it('says why in the user\'s language; the server\'s English text only for other causes', async () => {
    const i18n = initShellI18n('de');
    await loadShellLanguage('de');
    await i18n.changeLanguage('de');
    const t = i18n.getFixedT('de', 'shell');
    const refused = async (id: string, status: number, body: unknown) => {
      const r = await guardDeviceRoute(id, answering(status, body));
      if (r.ok) throw new Error('not refused');
      return refusalText(t, id, r);
    };
    expect(await refused('42', 404, { message: 'Finding managed object with id 42 failed : Could not find managed object with id 42!' })).toBe(
      'Navigation abgelehnt: Gerät 42 wurde nicht gefunden.',
    );
    expect(await refused('4a', 200, {})).toBe('Navigation abgelehnt: Die Geräte-ID „4a“ ist nicht numerisch.');
    expect(await refused('42', 403, { message: 'Access is denied' })).toBe('Navigation abgelehnt: Gerät 42 konnte nicht geladen werden: Access is denied');
    await i18n.changeLanguage('en');
  });
});
