import type { ManagedObject } from '../platform/inventory';
import { DEVICE_CELLS } from './device-columns';

const RLO = '\u202E';
const device = {
  id: '7',
  name: `abc${RLO}def`,
  assetParents: { references: [{ managedObject: { id: '1', name: `grp${RLO}one` } }, { managedObject: { id: '2', name: 'second group' } }] },
} as unknown as ManagedObject;

describe('DEVICE_CELLS, names with a bidirectional override (U+202E)', () => {
  it('isolates the device name in its link', () => {
    const link = DEVICE_CELLS.name.cell(device);
    expect(link.querySelector('bdi')?.textContent).toBe(`abc${RLO}def`);
  });

  it('isolates each group name, so one name does not turn the names after it around (the text for the CSV stays as stored)', () => {
    const cell = DEVICE_CELLS.group.cell(device);
    expect([...cell.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([`grp${RLO}one`, 'second group']);
    expect(cell.textContent).toBe(`grp${RLO}one, second group`);
    expect(cell.title).toBe(`\u2068grp${RLO}one\u2069, \u2068second group\u2069`);
    expect(DEVICE_CELLS.group.text(device)).toBe(`grp${RLO}one, second group`);
  });
});
