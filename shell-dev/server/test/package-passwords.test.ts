/**
 * A software package's password (dashboards §5) stays with the service: no inventory reader sees
 * it (a viewer's read, list or realtime notification of the package object), and it goes when the
 * package goes, also when the inventory API deletes the object.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { validPackage } from '../services/create-software-ng/testing/fixtures';
import { Subscriber } from './bayeux';
import { DB_FILE } from '../app';
import { serverPerFile } from './helpers';

jest.setTimeout(30_000);

const ctx = serverPerFile();
const CSNG = '/service/create-software-ng';
const PASSWORD = validPackage.password;

function storedPasswords(): string[] {
  const db = new Database(path.join(ctx.server.dataDir, DB_FILE), { readonly: true });
  try {
    return (db.prepare('SELECT packageId FROM csng_package_passwords ORDER BY packageId').all() as { packageId: string }[]).map((r) => r.packageId);
  } finally {
    db.close();
  }
}

describe("a software package's password", () => {
  it('reaches no inventory reader: not the object, the list or the realtime notification a viewer gets', async () => {
    const { sub, replies } = await Subscriber.open(ctx.server.url, ['/managedobjects/*'], 'viewer');
    expect(replies.every((r) => r.successful)).toBe(true);
    const created = await ctx.api<{ id: string }>('POST', `${CSNG}/softwarePackage`, { who: 'admin', body: { inventoryRequest: { ...validPackage, name: 'pw-pkg' } } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    const changed = await ctx.api('PUT', `${CSNG}/softwarePackage`, {
      who: 'admin',
      body: { inventoryRequest: { id, md5: validPackage.md5, sha256: validPackage.sha256, apptype: 'BATCH', category: 'normal', password: 'changed-pass' } },
    });
    expect(changed.status).toBe(200);

    const read = await ctx.api<Record<string, unknown>>('GET', `/inventory/managedObjects/${id}`, { who: 'viewer' });
    expect(read).toMatchObject({ status: 200, body: { name: 'pw-pkg', type: 'c8y_Software', c8y_encryptionKey: true, apptype: 'BATCH' } });
    const listed = await ctx.api<{ managedObjects: { id: string }[] }>('GET', '/inventory/managedObjects?type=c8y_Software&pageSize=2000', { who: 'viewer' });
    expect(listed.body.managedObjects.map((m) => m.id)).toContain(id);
    const seen = await sub.until((all) => all.some((m) => m.data?.realtimeAction === 'UPDATE' && (m.data.data as { apptype?: string }).apptype === 'BATCH'));
    expect(seen.some((m) => m.data?.realtimeAction === 'CREATE' && (m.data.data as { id?: string }).id === id)).toBe(true);
    for (const text of [read.text, listed.text, JSON.stringify(seen)]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('changed-pass');
    }
    expect(storedPasswords()).toContain(id);
  });

  it('goes with its package, also when the inventory API deletes the object', async () => {
    const pkg = async (name: string) => (await ctx.api<{ id: string }>('POST', `${CSNG}/softwarePackage`, { body: { inventoryRequest: { ...validPackage, name } } })).body.id;
    const viaService = await pkg('pw-gone-1');
    const viaInventory = await pkg('pw-gone-2');
    expect(storedPasswords()).toEqual(expect.arrayContaining([viaService, viaInventory]));
    expect((await ctx.api('DELETE', `${CSNG}/softwarePackage?inventoryId=${viaService}`)).status).toBe(204);
    expect((await ctx.api('DELETE', `/inventory/managedObjects/${viaInventory}`)).status).toBe(204);
    expect(storedPasswords()).not.toContain(viaService);
    expect(storedPasswords()).not.toContain(viaInventory);
  });
});
