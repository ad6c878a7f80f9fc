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

  it('is off with the reason beside a list with no matching devices (no header-only file), in English and German', () => {
    const { unmount } = renderContribution(<CsvExport source={SOURCE} filters={{}} columns={[COLUMNS.name]} fileName="x.csv" total={0} />, { locales: en });
    const button = screen.getByTestId('csv-export');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'No devices match the list: there is nothing to export.');
    expect(button).toHaveAccessibleDescription('No devices match the list: there is nothing to export.');
    unmount();
    renderContribution(<CsvExport source={SOURCE} filters={{}} columns={[COLUMNS.name]} fileName="x.csv" total={0} />, { language: 'de', locales: de });
    expect(screen.getByTestId('csv-export')).toHaveAccessibleDescription('Keine Geräte entsprechen der Liste: Es gibt nichts zu exportieren.');
  });

  it('is on while the count is unknown or above 0', () => {
    const { unmount } = renderContribution(<CsvExport source={SOURCE} filters={{}} columns={[COLUMNS.name]} fileName="x.csv" />, { locales: en });
    expect(screen.getByTestId('csv-export')).toBeEnabled();
    unmount();
    renderContribution(<CsvExport source={SOURCE} filters={{}} columns={[COLUMNS.name]} fileName="x.csv" total={3} />, { locales: en });
    expect(screen.getByTestId('csv-export')).toBeEnabled();
    expect(screen.getByTestId('csv-export')).not.toHaveAttribute('title');
  });

  it('writes no file when the list emptied since it was read, and says why', async () => {
    configureClient({ fetch: (async () => jsonReply(200, { managedObjects: [], statistics: { totalElements: 0, currentPage: 1, pageSize: 1000 } })) as unknown as typeof fetch });
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    renderContribution(exportButton, { locales: en });
    fireEvent.click(screen.getByTestId('csv-export'));
    await waitFor(() => expect(screen.getByTestId('csv-empty')).toHaveTextContent('No devices match the list: there is nothing to export.'));
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
