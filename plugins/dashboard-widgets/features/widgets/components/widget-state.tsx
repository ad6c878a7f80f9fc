import React, { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@shared/ui/cx';
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
 * Lines of a widget's error a card shows at most: above the figures it keeps (read before the
 * failure) one, else (nothing else to show) four. The whole text, the figures' time included, is
 * its tooltip and what screen readers read. Unclamped, the message wrapped to five lines in a
 * figure card (a quarter of the grid, two rows) at 1280 px and pushed the figures out of the card.
 */
export const ERROR_LINES = { aboveFigures: 1, alone: 4 } as const;
/**
 * The error's line height: one line above the figures fits the smallest figure card of the default
 * layout (an alarm severity card, two rows of a quarter of the grid: 16 px to spare at 1280 px).
 */
const ERROR_LINE_HEIGHT = '16px';
const errorTextStyle = (lines: number) =>
  ({
    lineHeight: ERROR_LINE_HEIGHT,
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: lines,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    flex: '1 1 auto',
    minWidth: 0,
  }) as const;

/** Reload beside the error: no padding, border or minimum height, as high as the error's line. */
const RELOAD_BESIDE_ERROR_STYLE = { flex: '0 0 auto', padding: 0, border: 0, minHeight: 0, height: ERROR_LINE_HEIGHT, lineHeight: ERROR_LINE_HEIGHT, fontSize: 12 } as const;

/**
 * The microservice error of spec 8, as the widget shows it (or that its answer held no figures):
 * a compact line in the danger colour, clamped to {@link ERROR_LINES}, Reload beside it. The
 * platform's alert box (its icon column and padding) left a quarter-width card at 1280 px three
 * words a line, and the card cut the message before its status ("... geholt werden," and no
 * "Antwortstatus: 503.").
 */
export function WidgetError({ error, query, since }: {
  error: unknown;
  /** The failed query: Reload asks it again at once (the next refresh is up to a minute away). */
  query?: QueryLike;
  /** The figures still shown below were read then: the line says how old they are. */
  since?: number;
}) {
  const { t } = useTranslation();
  const message = microserviceErrorText(t, error);
  const time = since ? t('Figures as of {{time}}.', { time: figuresTime(since) }) : undefined;
  const refetch = query?.refetch;
  return (
    <div className={cx('d-flex a-i-start', since ? undefined : 'm-b-8')} style={{ columnGap: 8 }} data-testid="widget-error-line">
      <p
        className="text-danger small m-0"
        role="alert"
        data-testid="widget-error"
        title={time ? `${message} ${time}` : message}
        style={errorTextStyle(since ? ERROR_LINES.aboveFigures : ERROR_LINES.alone)}
      >
        <Icon name="exclamation-circle" className="m-r-4" />
        {message}
        {time ? (
          <span className="text-muted" data-testid="widget-figures-time">
            {' '}
            {time}
          </span>
        ) : null}
      </p>
      {refetch && <ReloadButton iconOnly style={RELOAD_BESIDE_ERROR_STYLE} onClick={() => void refetch()} fetching={!!query.isFetching} data-testid="widget-reload" />}
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
