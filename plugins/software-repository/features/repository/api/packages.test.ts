import { addPackage, forgetLeftBinary, type UploadState } from './packages';
import { emptyAddForm, withFile, type AddForm } from '../model/package-form';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body), json: async () => body }) as unknown as Response;

const form: AddForm = withFile(
  { ...emptyAddForm(), name: 'opcua', version: '1.0', md5: 'm', sha256: 's', apptype: 'APPLICATION', category: 'normal', password: 'password1' },
  { name: 'opcua-1.0.zip' },
);

describe('addPackage: a binary uploaded for a package the service refused', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterEach(() => warn.mockClear());

  function serve(deleteStatus: number) {
    const calls: string[] = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push(`${method} ${url}`);
      if (method === 'POST' && url.includes('/inventory/binaries')) return reply(201, { id: '77', self: 'http://t/inventory/binaries/77' });
      if (method === 'DELETE') return reply(deleteStatus, deleteStatus < 300 ? {} : { message: 'storage down' });
      return reply(500, { message: 'service down' });
    }) as unknown as typeof fetch;
    return calls;
  }

  it('is removed again, and the package failure is what the caller gets', async () => {
    const calls = serve(204);
    await expect(addPackage(form, new Blob(['PK']), 'iotconnector')).rejects.toThrow('service down');
    expect(calls).toContainEqual(expect.stringMatching(/^DELETE .*\/inventory\/binaries\/77$/));
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('left without its package'), expect.anything());
  });

  it('is named in the log when it cannot be removed (never dropped silently)', async () => {
    serve(500);
    await expect(addPackage(form, new Blob(['PK']), 'iotconnector')).rejects.toThrow('service down');
    expect(warn).toHaveBeenCalledWith('Binary 77 was left without its package:', expect.objectContaining({ message: expect.stringContaining('storage down') }));
  });
});

describe('addPackage after the connection dropped between the upload and the package', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterAll(() => warn.mockRestore());

  /** The connection is down for the package's create and the clean-up until `back()`. */
  function serve() {
    const calls: string[] = [];
    let down = true;
    let nextId = 77;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      if (method === 'POST' && url.includes('/inventory/binaries')) {
        calls.push(`upload ${nextId}`);
        const id = String(nextId++);
        return reply(201, { id, self: `http://t/inventory/binaries/${id}` });
      }
      if (down) throw new TypeError('Failed to fetch');
      if (method === 'DELETE') {
        calls.push(`delete ${url.split('/').pop()}`);
        return reply(204, null);
      }
      calls.push(`create ${JSON.parse(String(init?.body)).inventoryRequest.c8y_url}`);
      return reply(201, { ok: { id: '500' } });
    }) as unknown as typeof fetch;
    return { calls, back: () => (down = false) };
  }

  it('uses the file it uploaded when Save is pressed again: the file is not uploaded twice', async () => {
    const { calls, back } = serve();
    const state: UploadState = { left: null };
    const file = new Blob(['PK']);
    await expect(addPackage(form, file, 'iotconnector', state)).rejects.toThrow('The platform cannot be reached. Check the connection and try again.');
    expect(state.left).toMatchObject({ id: '77' });
    back();
    await addPackage(form, file, 'iotconnector', state);
    expect(calls).toEqual(['upload 77', 'create http://t/inventory/binaries/77']);
    expect(state.left).toBeNull();
  });

  it('removes the file it left once another file is saved, or the form is closed', async () => {
    const { calls, back } = serve();
    const state: UploadState = { left: null };
    await expect(addPackage(form, new Blob(['PK']), 'iotconnector', state)).rejects.toThrow();
    back();
    await addPackage(form, new Blob(['PK2']), 'iotconnector', state);
    expect(calls).toEqual(['upload 77', 'delete 77', 'upload 78', 'create http://t/inventory/binaries/78']);

    const closed = serve();
    const other: UploadState = { left: null };
    await expect(addPackage(form, new Blob(['PK']), 'iotconnector', other)).rejects.toThrow();
    closed.back();
    await forgetLeftBinary(other);
    expect(closed.calls).toEqual(['upload 77', 'delete 77']);
    expect(other.left).toBeNull();
  });
});
