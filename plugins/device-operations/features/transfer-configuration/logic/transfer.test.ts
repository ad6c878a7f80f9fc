import { transferable } from './transfer';

describe('transfer configuration', () => {
  it('leaves out KB*, flagged and unrepositoried packages', () => {
    const device = {
      id: '1',
      adamos_adamos_netbox_SoftwarePackageList: [
        { name: 'mdc', version: '1', repository_id: '10' },
        { name: 'KB500', version: '1', repository_id: '11' },
        { name: 'old', version: '1', repository_id: '12', marked_for_deletion: true },
        { name: 'found-by-agent', version: '2' },
      ],
    };
    expect(transferable(device).map((p) => p.name)).toEqual(['mdc']);
  });
});
