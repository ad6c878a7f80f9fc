import { harness, removeDir, software, type Harness } from './testing/fixtures';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
  removeDir(h.dir);
});

const group = (name = 'g') => h.core.inventory.create({ type: 'c8y_DeviceGroup', name, c8y_IsDeviceGroup: {} });
const create = (body: object) => h.call('POST', '/deviceProfile', body);

describe('deviceProfile', () => {
  it('creates, reads, lists, updates and deletes a profile', async () => {
    const res = await create({ name: 'Default NETbox', deviceType: 'adamos_NETbox', deviceGroup: null });
    expect(res.statusCode).toBe(201);
    const { ok, errors } = res.json();
    expect(errors).toEqual([]);
    expect(ok).toMatchObject({ type: 'c8y_Profile', name: 'Default NETbox', deviceType: 'adamos_NETbox', c8y_Filter: { type: 'adamos_NETbox' }, c8y_DeviceProfile: { software: [] } });
    expect(ok.deviceGroup ?? null).toBeNull();
    expect(typeof ok.lastUpdatedDateTime).toBe('string');

    expect((await h.call('GET', `/deviceProfile/${ok.id}`)).json().name).toBe('Default NETbox');
    expect((await h.call('GET', '/deviceProfile')).json().map((p: { id: string }) => p.id)).toEqual([ok.id]);

    const sw = software(h.core);
    h.clock.advance(1000);
    const upd = await h.call('PUT', `/deviceProfile/${ok.id}`, {
      name: 'Renamed',
      c8y_DeviceProfile: { software: [{ id: sw.id, name: 'agent', version: '1.0.0', url: 'u' }] },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().ok).toMatchObject({ name: 'Renamed', c8y_DeviceProfile: { software: [{ id: sw.id, action: 'install' }] } });
    expect(upd.json().ok.lastUpdatedDateTime > ok.lastUpdatedDateTime).toBe(true);

    expect((await h.call('DELETE', `/deviceProfile/${ok.id}`)).statusCode).toBe(204);
    expect((await h.call('GET', `/deviceProfile/${ok.id}`)).statusCode).toBe(404);
    expect((await h.call('DELETE', `/deviceProfile/${ok.id}`)).statusCode).toBe(404);
  });

  it.each([[[1]], [{}], [{ id: '1' }], [true]])('refuses deviceGroup %j with 400 on create, update and duplicate, nothing written', async (deviceGroup) => {
    const g1 = group('g1');
    const res = await create({ name: 'P', deviceType: 'adamos_NETbox', deviceGroup });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'create-software-ng/badRequest', message: 'deviceGroup must be a group id or null.' });
    const made = await create({ name: 'P', deviceType: 'adamos_NETbox', deviceGroup: g1.id });
    expect(made.statusCode).toBe(201);
    const put = await h.call('PUT', `/deviceProfile/${made.json().ok.id}`, { deviceGroup });
    expect(put.statusCode).toBe(400);
    expect(h.core.inventory.get(made.json().ok.id)?.deviceGroup).toBe(g1.id);
    const copy = await h.call('POST', `/deviceProfile/${made.json().ok.id}/duplicate`, { deviceGroup });
    expect(copy.statusCode).toBe(400);
    expect((await h.call('DELETE', `/deviceProfile/${made.json().ok.id}`)).statusCode).toBe(204);
  });

  it('answers the rule error codes', async () => {
    const g1 = group('g1');
    expect((await create({ name: 'Default', deviceType: 'adamos_NETbox', deviceGroup: null })).statusCode).toBe(201);
    expect((await create({ name: 'G1', deviceType: 'adamos_NETbox', deviceGroup: g1.id })).statusCode).toBe(201);

    const cases: [object, string[]][] = [
      [{ name: 'default', deviceType: 'adamos_iotconnectorflex', deviceGroup: null }, ['NAME_NOT_UNIQUE']],
      [{ name: 'Other', deviceType: 'adamos_NETbox', deviceGroup: null }, ['DEFAULT_PROFILE_ALREADY_AVAILABLE']],
      [{ name: 'Other', deviceType: 'adamos_NETbox', deviceGroup: '999999' }, ['DEVICE_GROUP_NOT_EXISTS']],
      [{ name: 'Other', deviceType: 'adamos_ipc-x64', deviceGroup: g1.id }, ['GROUP_ALREADY_ASSIGNED_TO_PROFILE']],
      [{ name: 'G1', deviceType: 'adamos_NETbox', deviceGroup: null }, ['NAME_NOT_UNIQUE', 'DEFAULT_PROFILE_ALREADY_AVAILABLE']],
    ];
    for (const [body, codes] of cases) {
      const res = await create(body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ ok: null, errors: codes });
    }
    // A default for another device type is fine.
    expect((await create({ name: 'Flex default', deviceType: 'adamos_iotconnectorflex', deviceGroup: null })).statusCode).toBe(201);
  });

  it('applies the rules to updates, excluding the profile itself', async () => {
    const g1 = group('g1');
    const g2 = group('g2');
    const a = (await create({ name: 'A', deviceType: 'adamos_NETbox', deviceGroup: null })).json().ok;
    const b = (await create({ name: 'B', deviceType: 'adamos_NETbox', deviceGroup: g1.id })).json().ok;
    expect((await h.call('PUT', `/deviceProfile/${a.id}`, { name: 'A', deviceGroup: null })).statusCode).toBe(200);
    const clash = await h.call('PUT', `/deviceProfile/${b.id}`, { name: 'A', deviceGroup: null });
    expect(clash.json()).toMatchObject({ ok: null, errors: ['NAME_NOT_UNIQUE', 'DEFAULT_PROFILE_ALREADY_AVAILABLE'] });
    expect(clash.json().message).toContain('Device profile name is not unique.');
    expect((await h.call('PUT', `/deviceProfile/${b.id}`, { deviceGroup: g2.id })).json().ok.deviceGroup).toBe(g2.id);
    expect((await h.call('PUT', `/deviceProfile/${a.id}`, { deviceGroup: g2.id })).json().errors).toEqual(['GROUP_ALREADY_ASSIGNED_TO_PROFILE']);
    expect((await h.call('PUT', '/deviceProfile/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await h.call('PUT', `/deviceProfile/${a.id}`, { c8y_DeviceProfile: { software: [{ id: '1' }] } })).statusCode).toBe(400);
  });

  it('takes added software only from the repository, for its device type, one version per name (422, nothing written)', async () => {
    const agent = software(h.core);
    const agent2 = software(h.core, { version: '2.0.0' });
    const celos = software(h.core, { name: 'celos-agent', deviceType: 'adamos_ipc-x64' });
    const p = (await create({ name: 'P', deviceType: 'adamos_NETbox', deviceGroup: null })).json().ok;
    const entry = (mo: { id: string; name?: unknown; version?: unknown }) => ({ id: mo.id, name: mo.name, version: mo.version });
    const refused: [object[], string][] = [
      [[{ id: p.id, name: 'P', version: '1' }], 'is not a package of the software repository.'],
      [[entry(celos)], 'Software celos-agent 1.0.0 is for adamos_ipc-x64, not for adamos_NETbox.'],
      [[{ ...entry(agent), version: '9.9.9' }], `Software ${agent.id} is agent 1.0.0, not agent 9.9.9.`],
      [[entry(agent), entry(agent2)], 'Software agent can be in a profile in one version only.'],
    ];
    for (const [list, message] of refused) {
      const res = await h.call('PUT', `/deviceProfile/${p.id}`, { name: 'Renamed', c8y_DeviceProfile: { software: list } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'create-software-ng/validationError', info: expect.any(String) });
      expect(res.json()).not.toHaveProperty('missing');
      expect(res.json().message).toContain(message);
      const created = await create({ name: 'New', deviceType: 'adamos_NETbox', deviceGroup: group().id, c8y_DeviceProfile: { software: list } });
      expect(created.statusCode).toBe(422);
    }
    expect(h.core.inventory.get(p.id)).toMatchObject({ name: 'P', c8y_DeviceProfile: { software: [] } });
    expect((await h.call('GET', '/deviceProfile')).json()).toHaveLength(1);

    // A held entry whose package was deleted since stays savable; new ones are checked.
    expect((await h.call('PUT', `/deviceProfile/${p.id}`, { c8y_DeviceProfile: { software: [entry(agent)] } })).statusCode).toBe(200);
    h.core.inventory.remove(agent.id);
    const other = software(h.core, { name: 'MDC' });
    const kept = await h.call('PUT', `/deviceProfile/${p.id}`, { name: 'Kept', c8y_DeviceProfile: { software: [entry(agent), entry(other)] } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().ok.c8y_DeviceProfile.software.map((e: { id: string }) => e.id)).toEqual([agent.id, other.id]);

    // Chosen in the selection dialog, deleted by another user before the save: 422 choiceDeleted naming it, nothing written.
    const doomed = software(h.core, { name: 'doomed', version: '3.0.0' });
    h.core.inventory.remove(doomed.id);
    const gone = await h.call('PUT', `/deviceProfile/${p.id}`, { name: 'Not kept', c8y_DeviceProfile: { software: [entry(agent), entry(other), entry(doomed)] } });
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toMatchObject({
      error: 'create-software-ng/choiceDeleted',
      message: `Software doomed 3.0.0 (${doomed.id}) no longer exists in the software repository: another user deleted it.`,
      missing: [{ id: doomed.id, name: 'doomed', version: '3.0.0' }],
    });
    expect(h.core.inventory.get(p.id)).toMatchObject({ name: 'Kept' });
    const createdGone = await create({ name: 'New', deviceType: 'adamos_NETbox', deviceGroup: group().id, c8y_DeviceProfile: { software: [entry(doomed)] } });
    expect(createdGone.json()).toMatchObject({ error: 'create-software-ng/choiceDeleted', missing: [{ id: doomed.id }] });
  });

  it('refuses added software that needs, further down its dependencies, another version of a name the profile needs (422, nothing written)', async () => {
    const mdc25 = software(h.core, { name: 'mdc-collector', version: '2.5.0' });
    const mdc30 = software(h.core, { name: 'mdc-collector', version: '3.0.0-rc1' });
    const monitor = software(h.core, { name: 'machine-monitor', version: '4.2.0', dependencies: [{ id: mdc30.id }] });
    const entry = (mo: { id: string; name?: unknown; version?: unknown }) => ({ id: mo.id, name: mo.name, version: mo.version });
    const p = (await create({ name: 'P', deviceType: 'adamos_NETbox', deviceGroup: null, c8y_DeviceProfile: { software: [entry(mdc25)] } })).json().ok;
    const res = await h.call('PUT', `/deviceProfile/${p.id}`, { c8y_DeviceProfile: { software: [entry(mdc25), entry(monitor)] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("The profile's software with its dependencies would need mdc-collector (2.5.0, 3.0.0-rc1)");
    expect(h.core.inventory.get(p.id)).toMatchObject({ c8y_DeviceProfile: { software: [entry(mdc25)] } });
    h.core.inventory.update(monitor.id, { dependencies: [{ id: mdc25.id }] });
    expect((await h.call('PUT', `/deviceProfile/${p.id}`, { c8y_DeviceProfile: { software: [entry(mdc25), entry(monitor)] } })).statusCode).toBe(200);
  });

  it('changes the device type of a profile only with software of the new type (422, nothing written)', async () => {
    const agent = software(h.core);
    const celos = software(h.core, { name: 'celos-agent', deviceType: 'adamos_ipc-x64' });
    const entry = (mo: { id: string; name?: unknown; version?: unknown }) => ({ id: mo.id, name: mo.name, version: mo.version });
    const p = (await create({ name: 'P', deviceType: 'adamos_NETbox', deviceGroup: null, c8y_DeviceProfile: { software: [entry(agent)] } })).json().ok;
    // The type alone, and the type with the held list: the held NETbox software refuses both.
    for (const body of [{ deviceType: 'adamos_ipc-x64' }, { deviceType: 'adamos_ipc-x64', c8y_DeviceProfile: { software: [entry(agent)] } }]) {
      const res = await h.call('PUT', `/deviceProfile/${p.id}`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('Software agent 1.0.0 is for adamos_NETbox, not for adamos_ipc-x64.');
    }
    expect(h.core.inventory.get(p.id)).toMatchObject({ deviceType: 'adamos_NETbox', c8y_DeviceProfile: { software: [entry(agent)] } });
    // With the new type's software (or none) it changes.
    const moved = await h.call('PUT', `/deviceProfile/${p.id}`, { deviceType: 'adamos_ipc-x64', c8y_DeviceProfile: { software: [entry(celos)] } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().ok).toMatchObject({ deviceType: 'adamos_ipc-x64', c8y_Filter: { type: 'adamos_ipc-x64' } });
    const empty = await h.call('PUT', `/deviceProfile/${p.id}`, { c8y_DeviceProfile: { software: [] } });
    expect(empty.statusCode).toBe(200);
    expect((await h.call('PUT', `/deviceProfile/${p.id}`, { deviceType: 'adamos_NETbox' })).statusCode).toBe(200);
  });

  it('duplicates a profile with a free name and no group (201)', async () => {
    const g1 = group();
    const src = (await create({ name: 'P', deviceType: 'adamos_NETbox', deviceGroup: g1.id })).json().ok;
    // The type has no default yet: the ungrouped copy may become it.
    const d1 = await h.call('POST', `/deviceProfile/${src.id}/duplicate`);
    expect(d1.statusCode).toBe(201);
    expect(d1.json()).toMatchObject({ name: 'P (copy)', deviceType: 'adamos_NETbox', c8y_DeviceProfile: src.c8y_DeviceProfile });
    // No group: the core stores no fragment for a null one (as the platform), so it is absent.
    expect(d1.json().deviceGroup ?? null).toBeNull();
    expect(d1.json().id).not.toBe(src.id);
    expect((await h.call('POST', '/deviceProfile/999999/duplicate')).statusCode).toBe(404);
  });

  it('never makes a second default profile of a type by duplicating (issue 19 item 19)', async () => {
    const def = (await create({ name: 'IoTconnector standard', deviceType: 'adamos_NETbox', deviceGroup: null })).json().ok;
    const defaults = async () =>
      (await h.call('GET', '/deviceProfile')).json().filter((p: { deviceType: string; deviceGroup?: string | null }) => p.deviceType === 'adamos_NETbox' && !p.deviceGroup).length;
    const refused = await h.call('POST', `/deviceProfile/${def.id}/duplicate`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: ['DEFAULT_PROFILE_ALREADY_AVAILABLE'], message: 'Default profile already available. A device group is required.' });
    expect(await defaults()).toBe(1);
    const g = group('copy group');
    const copy = await h.call('POST', `/deviceProfile/${def.id}/duplicate`, { deviceGroup: g.id });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'IoTconnector standard (copy)', deviceGroup: g.id, deviceType: 'adamos_NETbox' });
    expect(await defaults()).toBe(1);
    // A chosen name and group go through the create rules too.
    const clash = await h.call('POST', `/deviceProfile/${def.id}/duplicate`, { name: 'iotconnector STANDARD', deviceGroup: g.id });
    expect(clash.json().errors).toEqual(['NAME_NOT_UNIQUE', 'GROUP_ALREADY_ASSIGNED_TO_PROFILE']);
    const named = await h.call('POST', `/deviceProfile/${def.id}/duplicate`, { name: 'Line 4', deviceGroup: group('g2').id });
    expect([named.statusCode, named.json().name]).toEqual([201, 'Line 4']);
    expect((await h.call('POST', `/deviceProfile/${def.id}/duplicate`, ['x'])).statusCode).toBe(400);
  });

  it('answers restrictions, optionally excluding ids', async () => {
    const g1 = group();
    const a = (await create({ name: 'A', deviceType: 'adamos_NETbox', deviceGroup: null })).json().ok;
    const b = (await create({ name: 'B', deviceType: 'adamos_ipc-x64', deviceGroup: g1.id })).json().ok;
    expect((await h.call('GET', '/deviceProfile/restrictions')).json()).toEqual({
      alreadyUsedProfileNames: ['A', 'B'],
      alreadyAssignedGroups: [g1.id],
      deviceTypeWithDefaultProfile: ['adamos_NETbox'],
    });
    expect((await h.call('GET', `/deviceProfile/restrictions?excludedIds=${a.id}`)).json()).toEqual({
      alreadyUsedProfileNames: ['B'],
      alreadyAssignedGroups: [g1.id],
      deviceTypeWithDefaultProfile: [],
    });
    expect((await h.call('GET', `/deviceProfile/restrictions/${b.id}`)).json().alreadyAssignedGroups).toEqual([]);
    expect((await h.call('GET', `/deviceProfile/restrictions?excludedIds=${a.id},${b.id}`)).json().alreadyUsedProfileNames).toEqual([]);
  });

  it('needs name and a known device type (400) and the admin role for writes (403)', async () => {
    expect((await create({ deviceType: 'adamos_NETbox' })).statusCode).toBe(400);
    expect((await create({ name: 'x', deviceType: 'other' })).statusCode).toBe(400);
    expect((await h.call('POST', '/deviceProfile', { name: 'x', deviceType: 'adamos_NETbox' }, 'viewer')).statusCode).toBe(403);
    expect((await h.call('GET', '/deviceProfile', undefined, 'noRoles')).statusCode).toBe(403);
  });
});
