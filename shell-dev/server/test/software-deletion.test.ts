/**
 * Deleting software (device-operations.md §5, §6): only with ROLE_MANAGE_SOFTWARE_ADMIN, never for
 * the package types the agent needs, and not around the rule in two steps. The plain cases (the
 * service's DELETE, the object's DELETE, a device list without an entry) are issue-18.test.ts.
 */
import { validPackage } from '../services/create-software-ng/testing/fixtures';
import { ERROR_SHAPE, serverPerFile, type Who } from './helpers';

jest.setTimeout(60_000);

const ctx = serverPerFile();
const CSNG = '/service/create-software-ng';
const PACKAGE_LIST = 'adamos_adamos_netbox_SoftwarePackageList';

describe('a repository package', () => {
  it("keeps its type unless the user may delete it: the operator's PUT {type} is refused and the package cannot then be deleted as another object", async () => {
    const created = await ctx.api<{ id: string }>('POST', `${CSNG}/softwarePackage`, { who: 'operator', body: { inventoryRequest: { ...validPackage, name: 'retyped-pkg' } } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    for (const type of ['not-software', null]) {
      const put = await ctx.api('PUT', `/inventory/managedObjects/${id}`, { who: 'operator', body: { type } });
      expect(put).toMatchObject({ status: 403, body: { ...ERROR_SHAPE, error: 'security/Forbidden' } });
      expect((put.body as unknown as { message: string }).message).toContain('ROLE_MANAGE_SOFTWARE_ADMIN');
    }
    expect((await ctx.api('DELETE', `/inventory/managedObjects/${id}`, { who: 'operator' })).status).toBe(403);
    expect((await ctx.api<{ type: string }>('GET', `/inventory/managedObjects/${id}`)).body.type).toBe('c8y_Software');
    // Other changes to the package's object, and a body that names its own type, still pass.
    expect((await ctx.api('PUT', `/inventory/managedObjects/${id}`, { who: 'operator', body: { type: 'c8y_Software', c8y_Notes: 'checked' } })).status).toBe(200);
    // The software admin may.
    expect((await ctx.api('PUT', `/inventory/managedObjects/${id}`, { who: 'admin', body: { type: 'retired_software' } })).status).toBe(200);
  });
});

describe("a device's package list", () => {
  const entry = (name: string, type: string) => ({ name, version: '1.0.0', type, status: 'installed' });
  const list = [entry('agent', 'AGENT'), entry('updater', 'AGENTUPDATER'), entry('KB5000', 'WINDOWS'), entry('MDC', 'APPLICATION')];

  it.each([0, 1, 2])('never loses an entry of type AGENT, AGENTUPDATER or WINDOWS, not even to the admin (entry %i dropped or flagged)', async (i) => {
    const device = await ctx.api<{ id: string }>('POST', '/inventory/managedObjects', { body: { name: `undeletable-${i}`, c8y_IsDevice: {}, [PACKAGE_LIST]: list } });
    const put = (who: Who, next: unknown) => ctx.api('PUT', `/inventory/managedObjects/${device.body.id}`, { who, body: { [PACKAGE_LIST]: next, c8y_Notes: 'with the list' } });
    const dropped = list.filter((_e, j) => j !== i);
    const flagged = list.map((e, j) => (j === i ? { ...e, marked_for_deletion: true } : e));
    for (const next of [dropped, flagged]) {
      const res = await put('admin', next);
      expect(res).toMatchObject({ status: 403, body: { ...ERROR_SHAPE, error: 'security/Forbidden' } });
      expect((res.body as unknown as { message: string }).message).toContain(list[i].name);
    }
    // Nothing of a refused request is written.
    const stored = (await ctx.api<Record<string, unknown>>('GET', `/inventory/managedObjects/${device.body.id}`)).body;
    expect(stored[PACKAGE_LIST]).toEqual(list);
    expect(stored.c8y_Notes).toBeUndefined();
    // The others are deleted as before.
    expect((await put('admin', list.map((e) => (e.type === 'APPLICATION' ? { ...e, marked_for_deletion: true } : e)))).status).toBe(200);
  });
});
