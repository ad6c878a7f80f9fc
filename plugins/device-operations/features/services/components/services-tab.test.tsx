import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderContribution } from '@shared/plugin-api/testing';
import type { Device } from '@shared/plugin-api/types';
import { ServicesTab } from './services-tab';

const withService = (name: string): Device => ({ id: '42', type: 'adamos_NETbox', adamos_adamos_netbox_Services: [{ name, state: 'running' }] });

it('holds the tables again after a Reload while Realtime is off: the reload shows, later live changes do not', async () => {
  let push: (d: Device) => void = () => undefined;
  function Live() {
    const [current, setCurrent] = useState<Device>(withService('before'));
    push = setCurrent;
    return <ServicesTab device={current} alerts={{ fail: jest.fn() }} onReload={async () => setCurrent(withService('reloaded'))} />;
  }
  renderContribution(<Live />);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Realtime' }));
  act(() => push(withService('pushed while held')));
  expect(screen.getByText('before')).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
  expect(await screen.findByText('reloaded')).toBeInTheDocument();
  act(() => push(withService('pushed after the reload')));
  expect(screen.queryByText('pushed after the reload')).toBeNull();
  expect(screen.getByText('reloaded')).toBeInTheDocument();
});

it('keeps naming the state filter after a live update took that state from every service', () => {
  let push: (d: Device) => void = () => undefined;
  function Live() {
    const [current, setCurrent] = useState<Device>({ id: '42', type: 'adamos_NETbox', adamos_adamos_netbox_Services: [{ name: 'mdc', state: 'stopped' }] });
    push = setCurrent;
    return <ServicesTab device={current} alerts={{ fail: jest.fn() }} onReload={async () => undefined} />;
  }
  renderContribution(<Live />);
  const filter = screen.getByRole('combobox', { name: 'Filter by state' });
  const clear = screen.getByRole('button', { name: 'Clear filters' });
  expect(clear).toBeDisabled();
  fireEvent.change(filter, { target: { value: 'stopped' } });
  expect(clear).toBeEnabled();
  act(() => push(withService('mdc')));
  expect((filter as HTMLSelectElement).selectedOptions[0].textContent).toBe('stopped');
  expect(screen.getByTestId('services-empty')).toHaveTextContent('No services in this state');
  // Clear filters shows every service again and hands the focus to the filter it cleared.
  fireEvent.click(clear);
  expect(screen.getByText('mdc')).toBeInTheDocument();
  expect(document.activeElement).toBe(filter);
});

it('with Realtime off, tables held from an offline device keep saying "Device is offline" after it comes back, until Reload', async () => {
  const offline: Device = { ...withService('mdc'), c8y_Availability: { status: 'UNAVAILABLE' } };
  const online: Device = { ...withService('mdc'), c8y_Availability: { status: 'AVAILABLE' } };
  let push: (d: Device) => void = () => undefined;
  function Live() {
    const [current, setCurrent] = useState<Device>(offline);
    push = setCurrent;
    return <ServicesTab device={current} alerts={{ fail: jest.fn() }} onReload={async () => undefined} />;
  }
  renderContribution(<Live />);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Realtime' }));
  act(() => push(online));
  expect(screen.getByTestId('services-empty')).toHaveTextContent('Device is offline');
  expect(screen.getByTestId('mdc-empty')).toHaveTextContent('Device is offline');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
  expect(await screen.findByText('mdc')).toBeInTheDocument();
});

it('shows that Reload is reading the device: disabled with a spinning icon until the read is done', async () => {
  let finish!: () => void;
  renderContribution(<ServicesTab device={withService('mdc')} alerts={{ fail: jest.fn() }} onReload={() => new Promise<void>((r) => (finish = r))} />);
  const reload = screen.getByRole('button', { name: 'Reload' });
  await act(async () => fireEvent.click(reload));
  expect(reload).toBeDisabled();
  expect(reload.querySelector('.icon-spin')).not.toBeNull();
  await act(async () => finish());
  expect(reload).toBeEnabled();
  expect(reload.querySelector('.icon-spin')).toBeNull();
});

it("keeps the Realtime switch's label whole beside a long realtime warning: it does not shrink, the warning wraps (German at 1280 px: 'Echtzei')", () => {
  renderContribution(<ServicesTab device={withService('mdc')} alerts={{ fail: jest.fn() }} onReload={async () => undefined} />);
  const label = screen.getByRole('checkbox', { name: 'Realtime' }).closest('label');
  expect(label).toHaveClass('c8y-switch');
  expect(label?.style.flexShrink).toBe('0');
});
