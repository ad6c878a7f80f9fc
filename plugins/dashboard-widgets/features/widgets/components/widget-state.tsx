import React, { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@shared/ui/icon';
import { Spinner } from '@shared/ui/spinner';
import { ReloadButton } from '@shared/ui/reload-button';
import { microserviceErrorText } from '../api/dashboard';

interface QueryLike {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  /** When the figures shown were read (ms since the epoch; 0 or absent: never). */
  dataUpdatedAt?: number;
  refetch?: () => Promise<unknown>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:mm' of a time today, else 'HH:mm dd.MM.yyyy' (local time, both languages). */
export function figuresTime(at: number, now = Date.now()): string {
  const d = new Date(at);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.toDateString() === new Date(now).toDateString() ? time : `${time} ${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** Space between two figures side by side, so their digits never run together ("258 291" read as one number). */
const FIGURE_GAP_PX = 12;
/** Figures side by side that wrap as whole figures when the widget is too narrow, never cut or run together. */
export const FIGURE_ROW_STYLE = { display: 'flex', flexWrap: 'wrap', columnGap: FIGURE_GAP_PX } as const;
/** One figure of such a row: equal shares, never narrower than its figure. */
export const FIGURE_CELL_STYLE = { flex: '1 1 0', minWidth: 'min-content' } as const;

/**
 * The microservice error of spec 8, as the widget shows it (or that its answer held no figures):
 * a compact line in the danger colour. The platform's alert box (its icon column and padding) left
 * a quarter-width card at 1280 px three words a line, and the card cut the message before its
 * status ("... geholt werden," and no "Antwortstatus: 503.").
 */
export function WidgetError({ error, query, since }: {
  error: unknown;
  /** The failed query: Reload asks it again at once (the next refresh is up to a minute away). */
  query?: QueryLike;
  /** The figures still shown below were read then: the line says how old they are. */
  since?: number;
}) {
  const { t } = useTranslation();
  const text = (
    <p className="text-danger small m-b-8" role="alert" data-testid="widget-error">
      <Icon name="exclamation-circle" className="m-r-4" />
      {microserviceErrorText(t, error)}
      {since ? (
        <span className="text-muted" data-testid="widget-figures-time">
          {' '}
          {t('Figures as of {{time}}.', { time: figuresTime(since) })}
        </span>
      ) : null}
    </p>
  );
  const refetch = query?.refetch;
  if (!refetch) return text;
  return (
    <div className="d-flex a-i-start" style={{ flexWrap: 'wrap', columnGap: 8 }}>
      {text}
      <ReloadButton onClick={() => void refetch()} fetching={!!query.isFetching} data-testid="widget-reload" />
    </div>
  );
}

/**
 * Spinner until the first fetch has answered; the error instead of a blank when it failed. A
 * failed refresh keeps the last figures and shows the error above them, with the time they were
 * read (the oldest of the widget's queries): a user sees that they may be out of date.
 */
export function WidgetState({ queries, children, loading }: { queries: readonly QueryLike[]; children: () => ReactNode; loading?: ReactNode }) {
  const failed = queries.find((q) => q.isError);
  // Only a query that has answered at least once has figures to show.
  const answered = queries.every((q) => q.data !== undefined && q.data !== null);
  if (!answered) {
    if (failed) return <WidgetError error={failed.error} query={failed} />;
    return <>{loading ?? <Spinner />}</>;
  }
  return (
    <>
      {failed && <WidgetError error={failed.error} query={failed} since={Math.min(...queries.map((q) => q.dataUpdatedAt || Date.now()))} />}
      {children()}
    </>
  );
}

/** A figure that opens a list: a hash link, so it works with the keyboard and in a new tab. */
export function FigureLink({ to, children, className, label, testId }: { to: string; children: ReactNode; className?: string; label?: string; testId?: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  // The figure is markup (a coloured span): its text is read back once rendered, on every render.
  useLayoutEffect(() => {
    const link = ref.current;
    if (link && label) link.setAttribute('aria-label', `${link.textContent?.trim() ?? ''} ${label}`.trim());
  });
  return (
    // The figure starts the link's name and the label completes it ("246 online", not a bare "246":
    // issue 26); a name without the figure would hide what is shown (WCAG 2.5.3, label in name).
    <a href={`#${to}`} className={className} title={label} data-testid={testId} ref={ref}>
      {children}
    </a>
  );
}
