import React, { useEffect, useId, useRef } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PAGER_WINDOW } from '../domain/constants';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';
import { focusFellToPage } from './keep-focus';
import { useCount } from './use-count';

/** The page numbers to show: a window of `size` pages around the current one, inside 1..total. */
export function pageWindow(current: number, total: number, size: number = PAGER_WINDOW): number[] {
  if (total < 1 || size < 1) return [];
  const cur = Math.min(Math.max(1, Math.floor(current)), total);
  const start = Math.max(1, Math.min(cur - Math.floor(size / 2), total - size + 1));
  const end = Math.min(total, start + size - 1);
  const pages: number[] = [];
  for (let p = start; p <= end; p++) pages.push(p);
  return pages;
}

/** Pages needed for `total` items (at least one: an empty list still has its page). */
export const totalPagesOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

export interface PagerProps {
  /** 1-based. */
  currentPage: number;
  /** Known total pages; without it only the current page and Next (while hasNext) are offered. */
  totalPages?: number;
  hasNext?: boolean;
  /** Items of the whole list: shown as "26–50 of 1195". */
  total?: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
}

/** First, Previous, a window of page numbers, Next, Last, the range shown and the page size (10/25/50/100, default 25). */
export function Pager({
  currentPage,
  totalPages,
  hasNext,
  total,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PagerProps) {
  const t = useSharedTranslation();
  const count = useCount();
  const sizeId = useId();
  const known = totalPages !== undefined;
  const last = known ? Math.max(1, totalPages) : undefined;
  const canPrev = currentPage > 1;
  const canNext = known ? currentPage < (last as number) : !!hasNext;
  const pages = known ? pageWindow(currentPage, last as number) : [currentPage];
  // Last (or Next onto the last page, First, Previous onto the first) disables the button it was
  // pressed with, and keyboard focus fell to the page: it goes to the new current page's number.
  const nav = useRef<HTMLElement>(null);
  const pagedByButton = useRef(false);
  useEffect(() => {
    if (!pagedByButton.current) return;
    pagedByButton.current = false;
    if (focusFellToPage()) nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [currentPage]);

  const item = (label: string, page: number, enabled: boolean, testId: string) => (
    <li className={cx(!enabled && 'disabled')}>
      <button
        type="button"
        className="btn btn-link"
        disabled={!enabled}
        onClick={() => {
          if (!enabled) return;
          pagedByButton.current = true;
          onPageChange(page);
        }}
        data-testid={testId}
      >
        {label}
      </button>
    </li>
  );
  const from = total ? Math.min(total, (currentPage - 1) * pageSize + 1) : 0;
  const to = total ? Math.min(total, currentPage * pageSize) : 0;

  return (
    <nav ref={nav} className="d-flex a-i-center j-c-between flex-wrap p-8" style={{ gap: 8 }} aria-label={t('Pagination')} data-testid="pager">
      <ul className="pagination m-0">
        {item(t('First'), 1, canPrev, 'page-first')}
        {item(t('Previous'), currentPage - 1, canPrev, 'page-previous')}
        {pages.map((p) => (
          <li key={p} className={cx(p === currentPage && 'active')}>
            <button
              type="button"
              className="btn btn-link"
              aria-label={t('Page {{page}}', { page: p })}
              aria-current={p === currentPage ? 'page' : undefined}
              onClick={() => p !== currentPage && onPageChange(p)}
              data-testid={`page-${p}`}
            >
              {p}
            </button>
          </li>
        ))}
        {item(t('Next'), currentPage + 1, canNext, 'page-next')}
        {known && item(t('Last'), last as number, currentPage < (last as number), 'page-last')}
      </ul>
      <div className="d-flex a-i-center" style={{ gap: 16 }}>
        {/* An empty list says so itself; "0–0 of 0" beside it said nothing more. */}
        {total !== undefined && total > 0 && (
          <span className="text-muted" style={{ whiteSpace: 'nowrap' }} data-testid="pager-total">
            {t('{{from}}–{{to}} of {{total}}', { from: count(from), to: count(to), total: count(total) })}
          </span>
        )}
        {onPageSizeChange && (
          <div className="d-flex a-i-center" style={{ gap: 8 }}>
            {/* One line at every width (issue 19.14: it wrapped in the dashboard list). */}
            <label htmlFor={sizeId} className="m-0" style={{ whiteSpace: 'nowrap' }}>
              {t('Items per page')}
            </label>
            <select
              id={sizeId}
              className="form-control input-sm"
              style={{ width: 'auto' }}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
              data-testid="page-size"
            >
              {pageSizeOptions.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </nav>
  );
}
