import React, { type ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { FAIL_WHEN_OFFLINE, READ_AGAIN_WHEN_ONLINE } from '../platform/network-mode';
import { render, type RenderResult } from '@testing-library/react';
import { ContributionProviders } from './parcel';
import { getI18n } from './i18n';
import type { Device, PlatformContext } from './types';
import { testContext } from './testing-context';

export { testContext, testUser } from './testing-context';

/** A fetch answer as the platform client reads it (jsdom has no Response): status and a JSON body. */
export const jsonReply = (status: number, body: unknown): Response =>
  ({ ok: status < 400, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

/**
 * Renders a component inside the same providers a parcel gets, with a fresh QueryClient in the
 * hosts' network mode (a request made offline is sent and fails, not paused; reads asked again once
 * online);
 * without the hosts' retries, so a failure shows at once.
 */
export function renderContribution(
  ui: ReactElement,
  opts: { pluginId?: string; context?: Partial<PlatformContext>; device?: Device; locales?: Record<string, string>; language?: 'en' | 'de' } = {},
): RenderResult & { queryClient: QueryClient } {
  const pluginId = opts.pluginId ?? 'test-plugin';
  const language = opts.language ?? 'en';
  const i18n = getI18n(language);
  if (opts.locales) i18n.addResourceBundle(language, pluginId, opts.locales, true, true);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, ...READ_AGAIN_WHEN_ONLINE }, mutations: FAIL_WHEN_OFFLINE } });
  const context = testContext({ language, ...opts.context, device: opts.device ?? opts.context?.device });
  const result = render(
    <ContributionProviders props={{ pluginId, contributionId: 'test', context, queryClient }}>{ui}</ContributionProviders>,
  );
  return { ...result, queryClient };
}
