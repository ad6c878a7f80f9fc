import { useTranslation } from 'react-i18next';
import { msg } from '@shared/plugin-api/i18n';
import { PAGE_SIZE_OPTIONS } from '@shared/domain/constants';
import { pageWindow } from '../model/list-state';

export interface PagerProps {
  page: number;
  totalPages: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Leave out to hide the page-size dropdown. */
  onPageSize?: (size: number) => void;
}

/** First, Previous, a window of page numbers, Next, Last and the page size (spec 2). */
export function Pager({ page, totalPages, pageSize, onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation();
  const first = page <= 1;
  const last = page >= totalPages;
  const item = (label: string, target: number, disabled: boolean, testId: string) => (
    <li className={disabled ? 'disabled' : undefined}>
      <button type="button" className="btn btn-link" disabled={disabled} onClick={() => onPage(target)} data-testid={testId}>
        {t(label)}
      </button>
    </li>
  );
  return (
    <nav className="d-flex a-i-center j-c-between p-8" aria-label={t('Pagination')} data-testid="pager">
      <ul className="pagination m-0">
        {item(msg('First'), 1, first, 'page-first')}
        {item(msg('Previous'), page - 1, first, 'page-previous')}
        {pageWindow(page, totalPages).map((n) => (
          <li key={n} className={n === page ? 'active' : undefined}>
            <button type="button" className="btn btn-link" aria-current={n === page ? 'page' : undefined} onClick={() => onPage(n)} data-testid={`page-${n}`}>
              {n}
            </button>
          </li>
        ))}
        {item(msg('Next'), page + 1, last, 'page-next')}
        {item(msg('Last'), totalPages, last, 'page-last')}
      </ul>
      {onPageSize && (
        <label className="d-flex a-i-center m-0" style={{ gap: 8 }}>
          <span>{t('Items per page')}</span>
          <select className="form-control input-sm" style={{ width: 'auto' }} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} data-testid="page-size">
            {PAGE_SIZE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
    </nav>
  );
}
