import { addPackage } from './packages';
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
