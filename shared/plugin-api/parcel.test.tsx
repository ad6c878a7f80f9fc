import { act, waitFor } from '@testing-library/react';
import { mountRootParcel } from 'single-spa';
import { createContributionParcel } from './parcel';
import type { ContributionProps } from './types';

/**
 * A contribution whose texts take a while (a cold platform dashboard): single-spa says nothing
 * about it (its defaults warned after 1 s, every second, and logged an error after 4 s), and the
 * contribution shows once they are there.
 */
it("a contribution's bootstrap of over a second is no console warning or error", async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    let arrive: (texts: Record<string, string>) => void = () => undefined;
    const texts = new Promise<Record<string, string>>((resolve) => (arrive = resolve));
    const config = createContributionParcel(() => <p data-testid="slow-contribution">shown</p>, { en: () => texts });
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const parcel = mountRootParcel(config, { domElement, pluginId: 'slow-plugin', contributionId: 'slow', context: { language: 'en' } } as unknown as ContributionProps & { domElement: HTMLElement });
    // single-spa's default warned after 1 s (and every second on).
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    const said = [...warn.mock.calls, ...error.mock.calls].map((c) => String(c[0]));
    expect(said.filter((m) => /did not resolve or reject|#31/.test(m))).toEqual([]);
    arrive({});
    // Not inside act(): act would hold React's render, which the mount waits for, until it returns.
    await parcel.mountPromise;
    await waitFor(() => expect(domElement.querySelector('[data-testid="slow-contribution"]')?.textContent).toBe('shown'));
    await act(async () => {
      await parcel.unmount();
    });
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
});
