/** CSV export of every device matching the list's filters, streamed page by page with progress. */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countValues } from '@shared/domain/formats';
import { walkMatching, type DeviceSource } from '../api/devices';
import type { DeviceColumn } from '../model/columns';
import { csvHeader, csvRows } from '../model/csv';
import type { Filters, ListState } from '../model/list-state';
import { msg } from '@shared/plugin-api/i18n';

/** An empty list has nothing to export: a file with the header alone read as a broken export. */
export const NOTHING_TO_EXPORT = msg('No devices match the list: there is nothing to export.');

export interface CsvExportProps {
  source: DeviceSource;
  filters: Filters;
  sort?: ListState['sort'];
  columns: readonly DeviceColumn[];
  fileName: string;
  /** The devices the list matches, when known: none turns the export off and says why. */
  total?: number;
}

export function CsvExport({ source, filters, sort, columns, fileName, total: listTotal }: CsvExportProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The list emptied between its last read and the export (another user, a bulk action): no file.
  const [foundNone, setFoundNone] = useState(false);
  const reasonId = useId();
  const empty = listTotal === 0;
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setFoundNone(false);
    setProgress({ loaded: 0, total: 0 });
    const now = Date.now();
    const parts: string[] = [csvHeader(columns, (c) => t(c.label))];
    try {
      let total = 0;
      let rows = 0;
      for await (const page of walkMatching(source, filters, sort, { withParents: columns.some((c) => c.id === 'group'), signal: controller.signal })) {
        if (page.total > 0) total = page.total;
        rows += page.items.length;
        parts.push(csvRows(page.items, columns, now));
        setProgress({ loaded: page.loaded, total });
      }
      if (controller.signal.aborted) return;
      if (rows === 0) return setFoundNone(true);
      const url = URL.createObjectURL(new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const pct = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <span className="d-inline-flex a-i-center" style={{ gap: 8 }}>
      {progress ? (
        <>
          <span className="progress m-0" style={{ width: 160, display: 'inline-block' }} data-testid="csv-progress">
            <span className="progress-bar" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} style={{ width: `${pct}%` }} />
          </span>
          <span className="small">{t('{{loaded}} of {{total}} devices', countValues({ loaded: progress.loaded, total: progress.total }, i18n.language))}</span>
          <button type="button" className="btn btn-link btn-sm" onClick={() => abort.current?.abort()}>
            {t('Cancel')}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-link"
            disabled={empty}
            title={empty ? t(NOTHING_TO_EXPORT) : undefined}
            aria-describedby={empty ? reasonId : undefined}
            onClick={run}
            data-testid="csv-export"
          >
            <i className="dlt-c8y-icon-download m-r-4" aria-hidden="true" />
            {t('Export CSV')}
          </button>
          {empty && (
            <span id={reasonId} className="sr-only" data-testid="csv-export-reason">
              {t(NOTHING_TO_EXPORT)}
            </span>
          )}
        </>
      )}
      {foundNone && !empty && (
        <span className="small" role="status" data-testid="csv-empty">
          {t(NOTHING_TO_EXPORT)}
        </span>
      )}
      {error && (
        <span className="text-danger small" role="alert" data-testid="csv-error">
          {t('The CSV export failed: {{message}}', { message: error })}
        </span>
      )}
    </span>
  );
}
