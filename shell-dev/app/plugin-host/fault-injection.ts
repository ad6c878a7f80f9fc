/**
 * Browser tests need a contribution that throws while rendering, inside the real parcel helper.
 * The test (and nothing else) defines `window.__SHELL_TEST_FAULTS__ = { throwIn: [ids] }` before
 * the page loads (Playwright addInitScript); no URL or server setting can switch this on.
 */
import type { Loader, Registered } from '@shared/plugin-api/types';

interface TestFaults {
  throwIn?: string[];
}

declare global {
  interface Window {
    __SHELL_TEST_FAULTS__?: TestFaults;
  }
}

function throwingLoader(contributionId: string): Loader {
  return async () => {
    const { createContributionParcel } = await import('@shared/plugin-api/parcel');
    const Throwing = (): never => {
      throw new Error(`Test fault: ${contributionId} throws while rendering`);
    };
    return { default: createContributionParcel(Throwing, {}) };
  };
}

export function applyTestFaults(contributions: Registered[]): Registered[] {
  const ids = typeof window === 'undefined' ? undefined : window.__SHELL_TEST_FAULTS__?.throwIn;
  if (!ids?.length) return contributions;
  return contributions.map((c) =>
    ids.includes(c.id) && 'loader' in c ? (Object.freeze({ ...c, loader: throwingLoader(c.id) }) as Registered) : c,
  );
}
