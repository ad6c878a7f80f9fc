/**
 * The dev shell's imitation of the platform's Logs device tab: request a log file from the device
 * (a c8y_LogfileRequest operation: log type, date range, search text, maximum lines), follow the
 * requests, and read or download each log the agent uploaded.
 */
import React, { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDevice } from '@shared/plugin-api/context';
import { REQUIRES } from '@shared/plugin-api/roles';
import { LOGS } from '@shared/platform/fragments';
import { createOperation, listOperations, type Operation } from '@shared/platform/operations';
import { buildUrl, request } from '@shared/platform/fetch-client';
import { msg } from '@shared/plugin-api/i18n';
import { formatDateTime } from '@shared/domain/formats';
import { EmptyState } from '@shared/ui/empty-state';
import { GateNote, gatedFieldProps, PermittedButton, useGate } from '@shared/ui/permission';
import { Spinner } from '@shared/ui/spinner';
import { usePageTexts } from './missing-page';
import { errorText, QueryError, TabFrame } from './standard-tab-frame';

/** The newest requests shown, as the Control tab shows operations. */
export const LOG_REQUESTS_PAGE_SIZE = 25;
/** The platform's Logs tab asks for at most this many lines by default. */
export const DEFAULT_MAXIMUM_LINES = 1000;
export const MAXIMUM_LINES_LIMIT = 10_000;
/** The default range: the last day, up to the moment of the request. */
const DEFAULT_RANGE_MS = 24 * 3_600_000;
/** While a request is not answered yet, its list is read again this often. */
const FOLLOW_MS = 2000;

interface LogRequestFragment {
  logFile?: string;
  dateFrom?: string;
  dateTo?: string;
  searchText?: string;
  maximumLines?: number;
  file?: string;
}

/** `yyyy-MM-ddTHH:mm` in local time: what a datetime-local field holds. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

interface Form {
  logFile: string;
  dateFrom: string;
  dateTo: string;
  searchText: string;
  maximumLines: string;
}

/** The form's problems, by field (empty: it can be sent). */
export function logRequestProblems(f: Form, supported: readonly string[], now: number): Partial<Record<keyof Form, string>> {
  const problems: Partial<Record<keyof Form, string>> = {};
  if (!supported.includes(f.logFile)) problems.logFile = msg('Select a log type.');
  const from = Date.parse(f.dateFrom);
  // An empty end means "now": the moment the request is sent.
  const to = f.dateTo ? Date.parse(f.dateTo) : now;
  if (Number.isNaN(from)) problems.dateFrom = msg('Enter a date and time.');
  if (Number.isNaN(to)) problems.dateTo = msg('Enter a date and time, or leave it empty for now.');
  else if (!Number.isNaN(from) && from >= to) problems.dateTo = msg('The end must be after the start.');
  const lines = Number(f.maximumLines);
  if (!/^\d+$/.test(f.maximumLines.trim()) || lines < 1 || lines > MAXIMUM_LINES_LIMIT) problems.maximumLines = msg('Enter a whole number from 1 to {{max}}.');
  return problems;
}

const fragmentOf = (o: Operation) => (o[LOGS.request] ?? {}) as LogRequestFragment;
const binaryId = (file: string) => /\/inventory\/binaries\/([^/?#]+)/.exec(file)?.[1];
const isOpen = (o: Operation) => o.status === 'PENDING' || o.status === 'EXECUTING';

function LogView({ operation, onClose }: { operation: Operation; onClose: () => void }) {
  const { t } = useTranslation();
  const file = fragmentOf(operation).file ?? '';
  const id = binaryId(file);
  const text = useQuery({
    queryKey: ['shell', 'log-file', file],
    queryFn: () => request<string>('GET', `/inventory/binaries/${encodeURIComponent(id ?? '')}`, { headers: { Accept: 'text/plain, */*' } }),
    enabled: id !== undefined,
    staleTime: Infinity,
  });
  return (
    <section className="card m-t-16" data-testid="log-file" aria-label={t('Log file {{name}}', { name: fragmentOf(operation).logFile ?? '' })}>
      <div className="card-header d-flex j-c-between a-i-center">
        <h5 className="m-0">{t('Log file {{name}}', { name: fragmentOf(operation).logFile ?? '' })}</h5>
        <button type="button" className="btn btn-link" onClick={onClose}>
          {t('Close')}
        </button>
      </div>
      <div className="card-block">
        {id === undefined ? (
          <div className="alert alert-danger" role="alert">
            {t('The device named no log file it uploaded ({{file}}).', { file })}
          </div>
        ) : text.isPending ? (
          <Spinner label={t('Loading…')} />
        ) : text.isError ? (
          <QueryError error={text.error} />
        ) : !String(text.data ?? '') ? (
          <p className="text-muted" data-testid="log-file-empty">
            {t('The log file is empty: no entry matched the request.')}
          </p>
        ) : (
          <pre className="m-0" style={{ maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="log-file-text" tabIndex={0}>
            {String(text.data)}
          </pre>
        )}
      </div>
    </section>
  );
}

function LogRequests({ operations, onView }: { operations: readonly Operation[]; onView: (o: Operation) => void }) {
  const { t } = useTranslation();
  return (
    <table className="table table-striped" data-testid="log-requests">
      <thead>
        <tr>
          <th scope="col">{t('Status')}</th>
          <th scope="col">{t('Log type')}</th>
          <th scope="col">{t('From')}</th>
          <th scope="col">{t('To')}</th>
          <th scope="col">{t('Search text')}</th>
          <th scope="col">{t('Maximum lines')}</th>
          <th scope="col">{t('Created')}</th>
          <th scope="col">{t('Log file')}</th>
        </tr>
      </thead>
      <tbody>
        {operations.map((o) => {
          const f = fragmentOf(o);
          const id = f.file ? binaryId(f.file) : undefined;
          return (
            <tr key={o.id} data-operation-id={o.id}>
              <td>{o.status}</td>
              <td>{f.logFile ?? '-'}</td>
              <td className="text-nowrap">{formatDateTime(f.dateFrom) || '-'}</td>
              <td className="text-nowrap">{formatDateTime(f.dateTo) || '-'}</td>
              <td style={{ overflowWrap: 'anywhere' }}>{f.searchText || '-'}</td>
              <td>{f.maximumLines ?? '-'}</td>
              <td className="text-nowrap">{formatDateTime(o.creationTime) || '-'}</td>
              <td style={{ overflowWrap: 'anywhere' }}>
                {o.status === 'FAILED' ? (
                  <span className="text-danger">{o.failureReason ?? t('Failed')}</span>
                ) : id ? (
                  <>
                    <button type="button" className="btn btn-link p-0" onClick={() => onView(o)} data-testid="log-view">
                      {t('View')}
                    </button>{' '}
                    <a href={buildUrl(`/inventory/binaries/${encodeURIComponent(id)}`)} download data-testid="log-download">
                      {t('Download')}
                    </a>
                  </>
                ) : (
                  '-'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function RequestForm({ supported, onSent }: { supported: readonly string[]; onSent: () => void }) {
  const { t } = useTranslation();
  const device = useDevice();
  const ids = useId();
  const [form, setForm] = useState<Form>(() => {
    const now = Date.now();
    return { logFile: supported[0] ?? '', dateFrom: localInput(now - DEFAULT_RANGE_MS), dateTo: '', searchText: '', maximumLines: String(DEFAULT_MAXIMUM_LINES) };
  });
  const gate = useGate(REQUIRES.operationCreate);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const problems = logRequestProblems(form, supported, Date.now());
  const noteId = `${ids}-denied`;
  // Denied: the fields are read-only (the list disabled) with the reason, like the button.
  const field = (name: keyof Form, kind: 'text' | 'choice' = 'text') => ({
    id: `${ids}-${name}`,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${ids}-${name}-problem` : undefined,
    'data-testid': `log-${name}`,
    ...gatedFieldProps(gate, noteId, kind),
  });
  const problem = (name: keyof Form) =>
    problems[name] ? (
      <div id={`${ids}-${name}-problem`} className="form-control-feedback-message text-danger small" data-testid={`log-${name}-problem`}>
        {t(problems[name], { max: MAXIMUM_LINES_LIMIT })}
      </div>
    ) : null;

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy || !gate.allowed || Object.keys(problems).length) return;
    setBusy(true);
    setResult(undefined);
    try {
      await createOperation({
        deviceId: device.id,
        description: t('Log file request: {{type}}', { type: form.logFile }),
        [LOGS.request]: {
          logFile: form.logFile,
          dateFrom: new Date(form.dateFrom).toISOString(),
          dateTo: (form.dateTo ? new Date(form.dateTo) : new Date()).toISOString(),
          searchText: form.searchText,
          maximumLines: Number(form.maximumLines),
        },
      });
      setResult({ ok: true, text: t('Log file requested. It is listed below once the device uploads it.') });
      onSent();
    } catch (err) {
      console.error('Logs tab: the log file request failed', err);
      setResult({ ok: false, text: t('Could not request the log file: {{message}}', { message: errorText(err) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="m-b-16" onSubmit={(e) => void send(e)} noValidate data-testid="log-request-form" aria-label={t('Request a log file')}>
      <div className="d-flex flex-wrap" style={{ gap: 16, alignItems: 'flex-start' }}>
        <div className="form-group">
          <label htmlFor={`${ids}-logFile`}>{t('Log type')}</label>
          <select className="form-control" {...field('logFile', 'choice')}>
            {supported.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {problem('logFile')}
        </div>
        <div className="form-group">
          <label htmlFor={`${ids}-dateFrom`}>{t('From')}</label>
          <input type="datetime-local" className="form-control" {...field('dateFrom')} />
          {problem('dateFrom')}
        </div>
        <div className="form-group">
          <label htmlFor={`${ids}-dateTo`}>{t('To')}</label>
          <input type="datetime-local" className="form-control" {...field('dateTo')} aria-describedby={!gate.allowed ? noteId : problems.dateTo ? `${ids}-dateTo-problem` : `${ids}-dateTo-hint`} />
          {!problems.dateTo && (
            <div id={`${ids}-dateTo-hint`} className="text-muted small">
              {t('Empty: up to the moment of the request.')}
            </div>
          )}
          {problem('dateTo')}
        </div>
        <div className="form-group">
          <label htmlFor={`${ids}-searchText`}>{t('Search text')}</label>
          <input type="text" className="form-control" {...field('searchText')} />
        </div>
        <div className="form-group" style={{ maxWidth: 160 }}>
          <label htmlFor={`${ids}-maximumLines`}>{t('Maximum lines')}</label>
          <input type="text" inputMode="numeric" className="form-control" {...field('maximumLines')} />
          {problem('maximumLines')}
        </div>
      </div>
      <PermittedButton requires={REQUIRES.operationCreate} type="submit" className="btn btn-primary" disabled={busy || Object.keys(problems).length > 0} data-testid="log-request">
        {busy ? t('Requesting…') : t('Request log file')}
      </PermittedButton>
      <GateNote gate={gate} id={noteId} />
      {result && (
        <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'} m-t-8`} role={result.ok ? 'status' : 'alert'} data-testid="log-request-result">
          {result.text}
        </div>
      )}
    </form>
  );
}

export function LogsTab() {
  usePageTexts();
  const { t } = useTranslation();
  const device = useDevice();
  const offered = device[LOGS.supported];
  const supported = Array.isArray(offered) ? offered.map(String) : [];
  const [viewing, setViewing] = useState<Operation | undefined>();
  const requests = useQuery({
    queryKey: ['shell', 'logs', device.id],
    queryFn: () => listOperations({ deviceId: device.id, fragmentType: LOGS.request, revert: true, pageSize: LOG_REQUESTS_PAGE_SIZE }),
    // Follow a request until the device answers it, as the platform's tab does.
    refetchInterval: (q) => (q.state.data?.items.some(isOpen) ? FOLLOW_MS : false),
  });
  return (
    <TabFrame title={t('Logs')} testId="logs-tab" onReload={() => void requests.refetch()} fetching={requests.isFetching}>
      <p data-testid="supported-logs">
        {supported.length ? t('Log types this device provides: {{types}}', { types: supported.join(', ') }) : t('This device reports no log types (c8y_SupportedLogs).')}
      </p>
      {supported.length > 0 && <RequestForm supported={supported} onSent={() => void requests.refetch()} />}
      {requests.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : requests.isError ? (
        <QueryError error={requests.error} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState icon="logs" title={t('No log requests to display.')} />
      ) : (
        <LogRequests operations={requests.data.items} onView={setViewing} />
      )}
      {viewing && <LogView key={viewing.id} operation={viewing} onClose={() => setViewing(undefined)} />}
    </TabFrame>
  );
}
