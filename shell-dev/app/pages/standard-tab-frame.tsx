/** The frame of the dev shell's standard device tabs: title, reload, and a failed load's message. */
import React from 'react';
import { useTranslation } from 'react-i18next';

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function QueryError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert" data-testid="standard-tab-error">
      {t('Could not load: {{message}}', { message: errorText(error) })}
    </div>
  );
}

export function TabFrame({ title, testId, onReload, fetching, children }: { title: string; testId: string; onReload: () => void; fetching: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="p-16" data-testid={testId}>
      <div className="d-flex j-c-between a-i-center m-b-8">
        <h4>{title}</h4>
        <button type="button" className="btn btn-link" onClick={onReload} disabled={fetching}>
          <i className={`dlt-c8y-icon-refresh${fetching ? ' icon-spin' : ''}`} aria-hidden="true" /> {t('Reload')}
        </button>
      </div>
      {children}
    </div>
  );
}
