import React, { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ParcelConfig } from 'single-spa';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { PlatformContextReact } from './context';
import { getI18n, loadNamespace, msg, type LocaleLoaders } from './i18n';
import type { ContributionProps, WidgetInstanceProps } from './types';

/**
 * A window event each caught render failure dispatches, so the host page (whose React tree does not
 * contain the plugin's parcel root) can name the fault, e.g. on its plugins page.
 */
export const CONTRIBUTION_ERROR_EVENT = 'plugin-contribution-error';

export interface ContributionErrorDetail {
  pluginId: string;
  contributionId: string;
  message: string;
}

export function reportContributionError(detail: ContributionErrorDetail): void {
  if (typeof window === 'undefined' || typeof CustomEvent === 'undefined') return;
  window.dispatchEvent(new CustomEvent<ContributionErrorDetail>(CONTRIBUTION_ERROR_EVENT, { detail }));
}

/** i18n key (English text) of the error boundary's headline. */
const CONTRIBUTION_FAILED = msg('Plugin "{{pluginId}}" failed to render "{{contributionId}}".');

interface BoundaryProps {
  pluginId: string;
  contributionId: string;
  children: ReactNode;
}

/** Names the plugin and contribution that failed; nothing outside it is affected. */
export class ContributionErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.pluginId}] ${this.props.contributionId} failed`, error, info.componentStack);
    reportContributionError({ pluginId: this.props.pluginId, contributionId: this.props.contributionId, message: error.message });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="alert alert-danger" role="alert" data-testid="contribution-error">
        <strong>
          {/* The SDK's 'shared' namespace (shared/ui/locales): the boundary sits outside the plugin's provider. */}
          {getI18n().t(CONTRIBUTION_FAILED, { ns: 'shared', pluginId: this.props.pluginId, contributionId: this.props.contributionId })}
        </strong>{' '}
        <span>{this.state.error.message}</span>
      </div>
    );
  }
}

export interface ContributionComponentProps {
  widget?: WidgetInstanceProps;
}

let fallbackClient: QueryClient | undefined;

/** The providers every contribution renders inside (also used by component tests). */
export function ContributionProviders({ props, children }: { props: ContributionProps; children: ReactNode }) {
  const client = (props.queryClient as QueryClient | undefined) ?? (fallbackClient ??= new QueryClient());
  const i18n = getI18n(props.context.language);
  return (
    <ContributionErrorBoundary pluginId={props.pluginId} contributionId={props.contributionId}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n} defaultNS={props.pluginId}>
          <PlatformContextReact.Provider value={props.context}>{children}</PlatformContextReact.Provider>
        </I18nextProvider>
      </QueryClientProvider>
    </ContributionErrorBoundary>
  );
}

/**
 * How long a contribution's bootstrap and mount may take before single-spa says so (its error #31):
 * a warning after 10 s, an error after 30 s, the parcel still waited for. single-spa's defaults (a
 * warning every second, an error after 3-4 s) were met by every widget of a cold platform
 * dashboard, whose bootstrap loads the plugin's texts beside the platform's own requests: the
 * console of a healthy page filled with warnings, and now and then an error.
 */
const SLOW_LIFECYCLE = { millis: 30_000, dieOnTimeout: false, warningMillis: 10_000 } as const;
export const CONTRIBUTION_TIMEOUTS = { bootstrap: SLOW_LIFECYCLE, mount: SLOW_LIFECYCLE };

/**
 * Wraps a React component as a single-spa parcel with the providers every contribution needs.
 * The plugin's locales are loaded before the first mount; without `locales` the namespace is the
 * host's own (the dev shell's standard tabs), which the host has loaded already.
 */
export function createContributionParcel(
  Root: ComponentType<ContributionComponentProps>,
  locales?: LocaleLoaders,
): ParcelConfig<ContributionProps> {
  const Wrapped = (props: ContributionProps) => (
    <ContributionProviders props={props}>
      <Root widget={props.widget} />
    </ContributionProviders>
  );
  const lifecycles = singleSpaReact<ContributionProps>({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    errorBoundary: (err: Error) => (
      <div className="alert alert-danger" role="alert" data-testid="contribution-error">
        {err.message}
      </div>
    ),
  });
  if (!locales) return { ...lifecycles, timeouts: CONTRIBUTION_TIMEOUTS } as ParcelConfig<ContributionProps>;
  let namespaceLoaded: Promise<void> | undefined;
  return {
    ...lifecycles,
    timeouts: CONTRIBUTION_TIMEOUTS,
    bootstrap: [
      (props: ContributionProps) => (namespaceLoaded ??= loadNamespace(props.pluginId, locales)),
      lifecycles.bootstrap,
    ],
  } as ParcelConfig<ContributionProps>;
}

