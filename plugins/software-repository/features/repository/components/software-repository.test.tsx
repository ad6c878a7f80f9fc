import React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderContribution, testUser } from '@shared/plugin-api/testing';
import { SoftwareRepository } from './software-repository';
import de from '../../../locales/de.json';

/** The part of a fetch Response the client reads (jsdom has no Response). */
const reply = (status: number, body: unknown) =>
  ({ ok: status < 300, status, statusText: '', headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;

const serve = (packages: object[]) => {
  global.fetch = jest.fn(async () => reply(200, { softwarePackageList: packages })) as unknown as typeof fetch;
};

const renderPage = () => renderContribution(<SoftwareRepository />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) } });

describe('SoftwareRepository empty state', () => {
  it('asks to add software when the device type has none', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No software to display.')).toBeInTheDocument();
    expect(screen.getByText('Add software using the button on the toolbar.')).toBeInTheDocument();
  });

  it("shows the spec's empty state also when only the filter hides the packages", async () => {
    serve([{ id: '1', name: 'opcua', version: '1.0' }]);
    renderPage();
    await screen.findByText('opcua');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No software to display.')).toBeInTheDocument();
    expect(screen.getByText('Add software using the button on the toolbar.')).toBeInTheDocument();
  });
});

describe('SoftwareRepository filter box', () => {
  it('is as wide as the German placeholder needs, not a fixed 260 px that cut its end', async () => {
    serve([]);
    renderContribution(<SoftwareRepository />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']) }, language: 'de', locales: de });
    const placeholder = 'Nach Name oder Version filtern…';
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', placeholder);
    const box = screen.getByTestId('filter-box').style;
    expect([box.width, box.minWidth]).toEqual([`calc(${placeholder.length}ch + 56px)`, '260px']);
  });
});

describe('SoftwareRepository device type in the URL', () => {
  it('puts the chosen device type into the URL (a reload and Back show it again)', async () => {
    serve([]);
    const navigate = jest.fn();
    renderContribution(<SoftwareRepository />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']), path: '/software', query: {}, navigate } });
    fireEvent.change(screen.getByTestId('device-type'), { target: { value: 'celosos_x64' } });
    expect(navigate).toHaveBeenCalledWith('/software?deviceType=celosos_x64');
  });

  it("shows the URL's filter (a reload, Back) and keeps what is typed in the URL", async () => {
    serve([{ id: '1', name: 'opcua', version: '1.0' }, { id: '2', name: 'modbus', version: '2.0' }]);
    renderContribution(<SoftwareRepository />, { pluginId: 'software-repository', context: { user: testUser(['ROLE_INVENTORY_ADMIN']), path: '/software', query: { deviceType: 'celosos_x64', filter: 'modbus' } } });
    expect(await screen.findByText('modbus')).toBeInTheDocument();
    expect(screen.queryByText('opcua')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'opc' } });
    expect(window.location.hash).toBe('#/software?deviceType=celosos_x64&filter=opc');
  });
});

describe('SoftwareRepository with a card being edited', () => {
  it('keeps an edited card shown when the filter no longer matches it (hidden, it was unmounted and the edit lost)', async () => {
    serve([{ id: '1', name: 'opcua', version: '1.0', md5: 'm', sha256: 's', apptype: 'APPLICATION', category: 'normal' }, { id: '2', name: 'modbus', version: '2.0' }]);
    renderPage();
    await screen.findByText('opcua');
    const card = screen.getByTestId('software-card-1');
    fireEvent.click(within(card).getByTestId('details'));
    fireEvent.change(within(card).getByTestId('field-md5'), { target: { value: 'edited' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'modbus' } });
    expect(screen.getByTestId('software-card-1')).toBe(card);
    expect(within(card).getByTestId('field-md5')).toHaveValue('edited');
    // An untouched card still goes with the filter.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'opcua' } });
    expect(screen.queryByTestId('software-card-2')).toBeNull();
  });
});
