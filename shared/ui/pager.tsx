import React, { useId } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PAGER_WINDOW } from '../domain/constants';
import { cx } from './cx';
import { useSharedTranslation } from './i18n';

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

export interface PagerProps {
  /** 1-based. */
  currentPage: number;
  /** Known total pages; without it only the current page and Next (while hasNext) are offered. */
  totalPages?: number;
  hasNext?: boolean;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
}

/** First, Previous, a window of page numbers, Next, Last and the page-size select (10/25/50/100, default 25). */
export function Pager({
  currentPage,
  totalPages,
  hasNext,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PagerProps) {
  const t = useSharedTranslation();
  const sizeId = useId();
  const known = totalPages !== undefined;
  const last = known ? Math.max(1, totalPages) : undefined;
  const canPrev = currentPage > 1;
  const canNext = known ? currentPage < (last as number) : !!hasNext;
  const pages = known ? pageWindow(currentPage, last as number) : [currentPage];

  const item = (label: string, page: number, enabled: boolean, className: string, text: React.ReactNode) => (
    <li className={cx(className, !enabled && 'disabled')}>
      <button
        type="button"
        className="btn-clean"
        aria-label={label}
        title={label}
        disabled={!enabled}
        onClick={() => enabled && onPageChange(page)}
      >
        {text}
      </button>
    </li>
  );

  return (
    <nav className="d-flex a-i-center j-c-between flex-wrap" aria-label={t('Pagination')}>
      <ul className="pagination pagination-sm m-0">
        {item(t('First'), 1, canPrev, 'pagination-first', '«')}
        {item(t('Previous'), currentPage - 1, canPrev, 'pagination-prev', '‹')}
        {pages.map((p) => (
          <li key={p} className={cx(p === currentPage && 'active')}>
            <button
              type="button"
              className="btn-clean"
              aria-label={t('Page {{page}}', { page: p })}
              aria-current={p === currentPage ? 'page' : undefined}
              onClick={() => p !== currentPage && onPageChange(p)}
            >
              {p}
            </button>
          </li>
        ))}
        {item(t('Next'), currentPage + 1, canNext, 'pagination-next', '›')}
        {known && item(t('Last'), last as number, currentPage < (last as number), 'pagination-last', '»')}
      </ul>
      {onPageSizeChange && (
        <div className="pagination-size d-flex a-i-center">
          <label htmlFor={sizeId} className="m-r-8 m-b-0">
            {t('Items per page')}
          </label>
          <select
            id={sizeId}
            className="form-control input-sm"
            value={pageSize}
            onChange={(e) => onPageSizeChange(Number(e.target.value))}
          >
            {pageSizeOptions.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
    </nav>
  );
}
