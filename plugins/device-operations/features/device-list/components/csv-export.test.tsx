import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureClient } from '@shared/platform/fetch-client';
import { anyOf } from '@shared/platform/query-language';
import { jsonReply, renderContribution } from '@shared/plugin-api/testing';
import en from '../../../locales/lists.en.json';
import de from '../../../locales/lists.de.json';
import { COLUMNS } from '../model/columns';
import { CsvExport } from './csv-export';

const SOURCE = { key: ['views', 'iotconnector'], base: anyOf('type', ['adamos_NETbox']) };
const exportButton = <CsvExport source={SOURCE} filters={{}} columns={[COLUMNS.name]} fileName="x.csv" />;

describe('CsvExport', () => {
  it('says that the export failed, not only the server text, in English and German', async () => {
    configureClient({ fetch: (async () => jsonReply(503, { error: 'inventory/failed', message: 'Service down' })) as unknown as typeof fetch });
    const { unmount } = renderContribution(exportButton, { locales: en });
    fireEvent.click(screen.getByTestId('csv-export'));
    await waitFor(() => expect(screen.getByTestId('csv-error')).toHaveTextContent('The CSV export failed: Service down'));
    unmount();
    renderContribution(exportButton, { language: 'de', locales: de });
    expect(screen.getByTestId('csv-export')).toHaveTextContent('CSV-Export');
    fireEvent.click(screen.getByTestId('csv-export'));
    await waitFor(() => expect(screen.getByTestId('csv-error')).toHaveTextContent('Der CSV-Export ist fehlgeschlagen: Service down'));
  });
});
