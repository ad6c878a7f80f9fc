import React from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '@shared/plugin-api/context';
import type { ManagedObject } from '@shared/platform/inventory';
import { ReloadButton } from '@shared/ui/reload-button';
import { urlCheckResults, useDeviceWithChecks } from '../api/connection-results';

/** The 'Connection Results' device tab: the device's URL checks (spec: Connection checks tab). */
export default function ConnectionResultsTab() {
  const { t } = useTranslation();
  const device = useDevice();
  const query = useDeviceWithChecks(device.id, device as ManagedObject);
  const results = urlCheckResults(query.data);

  return (
    // The spec's page title 'Connection Checks' (as the router tab shows '{product} Connection'), its URL checks in a card.
    <div className="p-16" data-testid="connection-checks-page">
      <h4 className="m-b-8">{t('Connection Checks')}</h4>
      <div className="card" data-testid="connection-results">
        <div className="card-header separator d-flex a-i-center j-c-between">
          <h4 className="card-title">{t('URL Checks')}</h4>
          <ReloadButton onClick={() => void query.refetch()} fetching={query.isFetching} />
        </div>
        <div className="card-block">
          {query.isError && (
            <div className="alert alert-danger" role="alert">
              {t('Could not load the URL checks: ')}
              {query.error instanceof Error ? query.error.message : String(query.error)}
            </div>
          )}
          {results.length === 0 ? (
            // After a failed load the alert above says so: 'No results' would be a claim.
            !query.isError && (
              <div className="c8y-empty-state text-center">
                <h5>{t('No results to display.')}</h5>
              </div>
            )
          ) : (
            <table className="table table-striped table-condensed">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('success')}</th>
                  <th scope="col">{t('URL')}</th>
                  <th scope="col">{t('Error')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r, i) => (
                  <tr key={`${i}-${r.url}`}>
                    <td>{i + 1}</td>
                    <td>
                      <i
                        className={r.success ? 'dlt-c8y-icon-check-circle text-success' : 'dlt-c8y-icon-times-circle text-danger'}
                        aria-hidden="true"
                      />
                      <span className="sr-only">{r.success ? t('Yes') : t('No')}</span>
                    </td>
                    <td className="text-break-word">{r.url || '-'}</td>
                    <td className="text-break-word">{r.error ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </div>
  );
}
