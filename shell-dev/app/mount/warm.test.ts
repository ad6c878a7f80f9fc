import type { Loader, ParcelModule } from '@shared/plugin-api/types';
import { loadOnce, warmLoader } from './warm';

const parcel = { default: { mount: async () => undefined, unmount: async () => undefined } } as unknown as ParcelModule;

describe('warm contribution loaders', () => {
  it('a warmed load is taken by the next mount, which does not call the loader again', async () => {
    const loader: Loader = jest.fn(async () => parcel);
    warmLoader(loader);
    warmLoader(loader);
    await expect(loadOnce(loader)).resolves.toBe(parcel);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('each warm load is taken once: a later mount calls the loader itself', async () => {
    const loader: Loader = jest.fn(async () => parcel);
    warmLoader(loader);
    await loadOnce(loader);
    await loadOnce(loader);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('a failed warm load reaches the mount that takes it', async () => {
    const loader: Loader = jest.fn(async () => Promise.reject(new Error('chunk 42 missing')));
    warmLoader(loader);
    await new Promise((r) => setTimeout(r, 0));
    await expect(loadOnce(loader)).rejects.toThrow('chunk 42 missing');
  });
});
