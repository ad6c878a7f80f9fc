import React, { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { ContributionErrorBoundary, reportContributionError } from '@shared/plugin-api/parcel';
import type { ContributionProps, Loader, ParcelModule, PlatformContext, WidgetInstanceProps } from '@shared/plugin-api/types';
import { msg } from '@shared/plugin-api/i18n';
import { useShellT } from '../i18n-setup';
import { loadOnce } from './warm';

/** The test id of a contribution's loading sign (the dashboard loader waits for none to be left). */
export const CONTRIBUTION_LOADING = 'contribution-loading';

/** What a contribution's place shows while its code or its plugin is still loading. */
export function ContributionLoading() {
  const { t } = useShellT();
  return (
    <p className="text-muted p-16" data-testid={CONTRIBUTION_LOADING}>
      <i className="dlt-c8y-icon-circle-o-notch icon-spin" /> {t('Loading…')}
    </p>
  );
}

export interface ParcelMountProps {
  loader: Loader;
  pluginId: string;
  contributionId: string;
  context: PlatformContext;
  queryClient: unknown;
  widget?: WidgetInstanceProps;
  className?: string;
}

type MountedProps = ContributionProps & { domElement: HTMLElement };

/** Webpack's failure to load a chunk (no connection, the platform restarting): the browser's words and a chunk's address say nothing to a user. */
export const isChunkLoadError = (e: unknown): boolean => e instanceof Error && (e.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(e.message));

/** What a contribution whose code did not load says (its headline names the plugin). */
export const CODE_NOT_LOADED = msg('Its code could not be loaded. Check the connection and try again.');

const configOf = (mod: ParcelModule): ParcelConfig<MountedProps> =>
  (typeof mod === 'object' && mod !== null && 'default' in mod ? mod.default : mod) as ParcelConfig<MountedProps>;

/**
 * Unmounts a parcel once its mount has ended. A failed mount was reported where it was awaited;
 * a failed unmount (the page has left the contribution, so nobody sees it) goes to the log, once:
 * single-spa rejects both the call's promise and the parcel's `unmountPromise` with it.
 */
function unmountWhenMounted(parcel: Parcel<MountedProps>, pluginId: string, contributionId: string): void {
  parcel.unmountPromise.catch((e: unknown) => console.error(`[${pluginId}] ${contributionId} could not be unmounted`, e));
  const loggedElsewhere = () => undefined;
  parcel.mountPromise.then(() => (parcel.getStatus() === 'MOUNTED' ? parcel.unmount().catch(loggedElsewhere) : undefined), loggedElsewhere);
}

/**
 * Mounts one contribution as a single-spa parcel: loads it lazily, hands it the frozen context
 * as props, updates it when the context changes and unmounts it when the page leaves it.
 * A loader or lifecycle failure is shown here, naming plugin and contribution.
 */
function ParcelHost(props: ParcelMountProps) {
  const { t } = useShellT();
  const hostRef = useRef<HTMLDivElement>(null);
  const parcelRef = useRef<Parcel<MountedProps> | null>(null);
  // single-spa replaces a parcel's props on update, so the element goes along every time.
  const domRef = useRef<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The code did not load: said in the user's words, with Retry (another load asks for the chunk again). */
  const [notLoaded, setNotLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(true);
  const latest = useRef(props);
  latest.current = props;

  const parcelProps = (p: ParcelMountProps): ContributionProps => ({
    pluginId: p.pluginId,
    contributionId: p.contributionId,
    context: p.context,
    queryClient: p.queryClient,
    ...(p.widget ? { widget: p.widget } : {}),
  });

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current;
    if (!host) return;
    const domElement = document.createElement('div');
    host.appendChild(domElement);
    domRef.current = domElement;
    setError(null);
    setNotLoaded(false);
    setLoading(true);
    const { loader, pluginId, contributionId } = latest.current;
    loadOnce(loader)
      .then((mod) => {
        if (cancelled) return;
        const parcel = mountRootParcel(configOf(mod), { domElement, ...parcelProps(latest.current) });
        parcelRef.current = parcel;
        return parcel.mountPromise.then(() => {
          if (!cancelled) setLoading(false);
        });
      })
      .catch((e: unknown) => {
        console.error(`[${pluginId}] ${contributionId} could not be mounted`, e);
        reportContributionError({ pluginId, contributionId, message: e instanceof Error ? e.message : String(e) });
        if (!cancelled) {
          setLoading(false);
          setNotLoaded(isChunkLoadError(e));
          setError(e instanceof Error ? e.message : String(e));
        }
      });
    return () => {
      cancelled = true;
      const parcel = parcelRef.current;
      parcelRef.current = null;
      if (parcel) unmountWhenMounted(parcel, pluginId, contributionId);
      domElement.remove();
    };
  }, [props.loader, props.pluginId, props.contributionId, attempt]);

  useEffect(() => {
    const parcel = parcelRef.current;
    if (parcel && parcel.getStatus() === 'MOUNTED' && parcel.update && domRef.current) {
      const { pluginId, contributionId } = latest.current;
      parcel.update({ domElement: domRef.current, ...parcelProps(latest.current) }).catch((e: unknown) => {
        console.error(`[${pluginId}] ${contributionId} could not be updated`, e);
        setError(e instanceof Error ? e.message : String(e));
      });
    }
  }, [props.context, props.widget, props.queryClient]);

  return (
    <div className={props.className} data-contribution={props.contributionId} data-plugin={props.pluginId}>
      {loading && !error && (
        <ContributionLoading />
      )}
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="contribution-error">
          <strong>{t('Plugin "{{pluginId}}" failed to show "{{contributionId}}".', { pluginId: props.pluginId, contributionId: props.contributionId })}</strong>{' '}
          {notLoaded ? (
            <>
              <span>{t(CODE_NOT_LOADED)}</span>{' '}
              <button type="button" className="btn btn-link btn-xs" onClick={() => setAttempt((a) => a + 1)} data-testid="contribution-retry">
                {t('Retry')}
              </button>
            </>
          ) : (
            <span>{error}</span>
          )}
        </div>
      )}
      <div ref={hostRef} />
    </div>
  );
}

/** The mount point, inside its own error boundary so a failure here stays here. */
export function ParcelMount(props: ParcelMountProps) {
  return (
    <ContributionErrorBoundary pluginId={props.pluginId} contributionId={props.contributionId}>
      <ParcelHost {...props} />
    </ContributionErrorBoundary>
  );
}
