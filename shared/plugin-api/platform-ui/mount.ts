/**
 * Mounts one contribution's parcel inside the platform UI with the same frozen context the dev
 * shell passes: the platform's current user (roles included), tenant and language, the route's
 * parameters and device, the widget's config. Requests go through the shared platform client on
 * the shell's origin with the shell's own session (its cookie and XSRF token): no second login.
 * Loaded lazily by ./host when a contribution is first shown.
 */
import i18next from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import type { AppStateService } from '@c8y/ngx-components';
import type { ActivatedRouteSnapshot } from '@angular/router';
import { getI18n, loadLanguage, loadNamespace } from '../i18n';
import { SHARED_NS, sharedLocales } from '../../ui/i18n';
import { reportContributionError } from '../parcel';
import type { ContributionProps, Language, Loader, ParcelModule, PlatformContext } from '../types';
import { platformContext } from './context';
import { createPageQueryClient } from '../../platform/react';

export type HostKind = 'route' | 'device-tab' | 'widget' | 'widget-config' | 'action-bar-item';

export interface MountInput {
  pluginId: string;
  contributionId: string;
  kind: HostKind;
  loader: Loader;
  element: HTMLElement;
  appState: AppStateService;
  /** The route the host is shown on (null for widgets on a dashboard). */
  route: () => ActivatedRouteSnapshot | null;
  config: Record<string, unknown>;
  /** A config form's change: the config and its validator's messages (none when valid). */
  onConfigChange: (config: Record<string, unknown>, errors: readonly string[]) => void;
  /** Called with the plugin's translation once its texts are loaded, and again on a language change. */
  onTitle?: (translate: (text: string) => string) => void;
}

export interface MountedContribution {
  /** The config form's current messages (empty when valid, or not a config form). */
  configErrors(): readonly string[];
  /** A widget shown with another config (the widget dialog's Preview following the form). */
  setConfig(config: Record<string, unknown>): void;
  /** After a navigation: the route's parameters and path again (the platform's links move by pushState, no hashchange). */
  refresh(): void;
  unmount(): Promise<void>;
}

/** One query cache per page, shared by every plugin the platform loaded (like the dev shell's). */
const QUERY_CLIENT = Symbol.for('adamos.platform-ui.query-client');
function pageQueryClient(): QueryClient {
  const g = globalThis as unknown as Record<symbol, QueryClient | undefined>;
  return (g[QUERY_CLIENT] ??= createPageQueryClient({ refetchOnWindowFocus: false }));
}

let sharedTexts: Promise<void> | undefined;

async function switchLanguage(language: Language): Promise<void> {
  getI18n(language);
  // The SDK's own texts (failure messages, refusal reasons, dialogs): the dev shell loads them at start.
  await (sharedTexts ??= loadNamespace(SHARED_NS, sharedLocales));
  if (i18next.language === language) return;
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}

const configOf = (mod: ParcelModule): ParcelConfig<ContributionProps & { domElement: HTMLElement }> =>
  (typeof mod === 'object' && mod !== null && 'default' in mod ? mod.default : mod) as ParcelConfig<ContributionProps & { domElement: HTMLElement }>;

/** A failure stays inside the contribution's box, says who failed and why, and reaches the log. */
function showFailure(element: HTMLElement, input: MountInput, e: unknown): void {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`[${input.pluginId}] ${input.contributionId} could not be mounted`, e);
  reportContributionError({ pluginId: input.pluginId, contributionId: input.contributionId, message });
  const box = document.createElement('div');
  box.className = 'alert alert-danger';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'contribution-error';
  const strong = document.createElement('strong');
  strong.textContent = getI18n().t('Plugin "{{pluginId}}" failed to render "{{contributionId}}".', {
    ns: 'shared',
    pluginId: input.pluginId,
    contributionId: input.contributionId,
  });
  box.append(strong, ` ${message}`);
  element.replaceChildren(box);
}

/** What a parcel is updated for: a change in any of these (the platform's subjects also emit unchanged values). */
const contextKey = (c: PlatformContext): string => JSON.stringify([c.user, c.tenant, c.language, c.path, c.query, c.params, c.device]);

export async function mountContribution(input: MountInput): Promise<MountedContribution> {
  const { element } = input;
  const domElement = document.createElement('div');
  // On a platform dashboard the widget card's content has no padding (the platform's own widgets
  // bring theirs): without it figures and titles ran into the card's border.
  domElement.className = input.kind === 'widget' ? 'adamos-contribution card-block' : input.kind === 'action-bar-item' ? 'adamos-action-bar-item' : 'adamos-contribution';
  // The action bar styles its <li>'s button: no box of ours between them.
  if (input.kind === 'action-bar-item') domElement.style.display = 'contents';
  element.replaceChildren(domElement);
  let errors: readonly string[] = [];
  let config = input.config;
  const instanceId = `${input.contributionId}#${Math.random().toString(36).slice(2, 10)}`;
  const widgetProps = (config: Record<string, unknown>) =>
    input.kind === 'widget' || input.kind === 'widget-config'
      ? {
          widget: {
            instanceId,
            config: Object.freeze({ ...config }),
            ...(input.kind === 'widget-config'
              ? {
                  onConfigChange: (next: Record<string, unknown>, messages: readonly string[]) => {
                    errors = messages;
                    input.onConfigChange(next, messages);
                  },
                }
              : {}),
          },
        }
      : {};
  const props = (): ContributionProps & { domElement: HTMLElement } => ({
    domElement,
    pluginId: input.pluginId,
    contributionId: input.contributionId,
    context: platformContext(input.appState, input.route()),
    queryClient: pageQueryClient(),
    ...widgetProps(config),
  });

  let parcel: Parcel<ContributionProps & { domElement: HTMLElement }> | undefined;
  const subscriptions: { unsubscribe(): void }[] = [];
  let last = '';
  const update = (force = false) => {
    if (!parcel || parcel.getStatus() !== 'MOUNTED' || !parcel.update) return;
    const next = props();
    const key = contextKey(next.context);
    if (key === last && !force) return;
    last = key;
    void switchLanguage(next.context.language)
      .then(() => {
        input.onTitle?.((text) => i18next.t(text, { ns: input.pluginId }));
        return parcel?.update?.(next);
      })
      .catch((e: unknown) => console.error(`[${input.pluginId}] ${input.contributionId} update failed`, e));
  };
  try {
    const first = props();
    await switchLanguage(first.context.language);
    const mod = await input.loader();
    parcel = mountRootParcel(configOf(mod), first);
    await parcel.mountPromise;
    last = contextKey(first.context);
    // A config handed over while the widget's code loaded.
    if (config !== input.config) update(true);
    input.onTitle?.((text) => i18next.t(text, { ns: input.pluginId }));
  } catch (e) {
    showFailure(element, input, e);
  }
  const onChange = () => update();
  subscriptions.push(input.appState.currentUser.subscribe(onChange), input.appState.currentTenant.subscribe(onChange), input.appState.state$.subscribe(onChange));
  // No hashchange listener: the host calls refresh on the router's NavigationEnd. A hashchange
  // comes before the router destroys the host of the page being left, which then got the next
  // route's location and sent its requests once more (the device list's on the way to Alarms).
  return {
    configErrors: () => errors,
    setConfig(next) {
      config = next;
      update(true);
    },
    refresh: onChange,
    async unmount() {
      for (const s of subscriptions) s.unsubscribe();
      if (parcel && parcel.getStatus() === 'MOUNTED') await parcel.unmount().catch((e: unknown) => console.error(e));
      domElement.remove();
    },
  };
}
