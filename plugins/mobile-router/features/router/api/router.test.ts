import { getManagedObject, listManagedObjects } from '@shared/platform/inventory';
import { fetchRouters } from './router';
import { ROUTER_TYPE } from '../model/router';

jest.mock('@shared/platform/inventory', () => ({ getManagedObject: jest.fn(), listManagedObjects: jest.fn() }));
const getMock = getManagedObject as jest.MockedFunction<typeof getManagedObject>;
const listMock = listManagedObjects as jest.MockedFunction<typeof listManagedObjects>;

const ref = (id: string) => ({ managedObject: { id } });
const device = (n: number) =>
  ({ id: '1', childDevices: { references: Array.from({ length: n }, (_, i) => ref(String(100 + i))) }, childAdditions: { references: [ref('100')] } }) as never;

describe('fetchRouters', () => {
  beforeEach(() => jest.resetAllMocks());

  it('asks for the router children by id and type, 100 ids per request, each child once', async () => {
    getMock.mockResolvedValue(device(150));
    listMock.mockImplementation(async (p) => ({ items: (p?.ids ?? []).slice(0, 1).map((id) => ({ id, type: ROUTER_TYPE })), statistics: {} }) as never);
    const { routers } = await fetchRouters('1');
    expect(listMock).toHaveBeenCalledTimes(2);
    expect(listMock.mock.calls.map(([p]) => [p?.ids?.length, p?.type])).toEqual([
      [100, ROUTER_TYPE],
      [50, ROUTER_TYPE],
    ]);
    expect(routers.map((r) => r.id)).toEqual(['100', '200']);
  });

  it('fails when a child list request fails (no router silently missing)', async () => {
    getMock.mockResolvedValue(device(3));
    listMock.mockRejectedValue(new Error('Access is denied'));
    await expect(fetchRouters('1')).rejects.toThrow('Access is denied');
  });

  it('sends no list request for a device without children', async () => {
    getMock.mockResolvedValue({ id: '1' } as never);
    expect((await fetchRouters('1')).routers).toEqual([]);
    expect(listMock).not.toHaveBeenCalled();
  });
});
