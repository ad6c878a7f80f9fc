import React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { AlertOutlet, alerts } from './alerts';
import { renderUi } from './test-utils';

afterEach(() => {
  act(() => alerts.clearAll());
  jest.useRealTimers();
});

describe('alerts', () => {
  it('renders each type in the outlet with the platform classes', () => {
    renderUi(<AlertOutlet />);
    act(() => {
      alerts.success('Device updated successfully');
      alerts.info('No software assigned');
      alerts.warning('No Device to assign Sofware');
      alerts.danger('Software assignment failed', { detail: 'Created: 1, Failed: 2' });
    });
    const outlet = document.querySelector('.alerts c8y-alert-outlet') as HTMLElement;
    expect(within(outlet).getByText('Device updated successfully').closest('.alert')).toHaveClass('alert-success');
    expect(within(outlet).getByText('No software assigned').closest('.alert')).toHaveClass('alert-info');
    expect(within(outlet).getByText('No Device to assign Sofware').closest('.alert')).toHaveClass('alert-warning');
    const danger = within(outlet).getByText('Software assignment failed').closest('.alert') as HTMLElement;
    expect(danger).toHaveClass('alert-danger');
    expect(danger).toHaveAttribute('role', 'alert');
    expect(danger).toHaveTextContent('Created: 1, Failed: 2');
    // The fallback outlet stays empty while a real outlet is mounted.
    expect(document.querySelectorAll('.alert')).toHaveLength(4);
  });

  it('dismisses success/info after 5 s, keeps danger, honours 15 s', () => {
    jest.useFakeTimers();
    renderUi(<AlertOutlet />);
    act(() => {
      alerts.success('Software assignment successful', { dismissMs: 15000 });
      alerts.info('Clearing pending software assignments triggered');
      alerts.danger('Error: 500 Internal Server Error');
    });
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Clearing pending software assignments triggered')).toBeNull();
    expect(screen.getByText('Software assignment successful')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10000));
    expect(screen.queryByText('Software assignment successful')).toBeNull();
    act(() => jest.advanceTimersByTime(60000));
    expect(screen.getByText('Error: 500 Internal Server Error')).toBeInTheDocument();
  });

  it('closes one alert by its button and clears all', () => {
    renderUi(<AlertOutlet />);
    act(() => {
      alerts.danger('first');
      alerts.danger('second');
    });
    fireEvent.click(within(screen.getByText('first').closest('.alert') as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('first')).toBeNull();
    act(() => alerts.clearAll());
    expect(screen.queryByText('second')).toBeNull();
    expect(alerts.list()).toEqual([]);
  });

  it('moves the focus to the next alert (else the previous) when one is closed by its button', () => {
    renderUi(<AlertOutlet />);
    act(() => {
      alerts.danger('first');
      alerts.danger('second');
      alerts.danger('third');
    });
    const close = (text: string) => within(screen.getByText(text).closest('.alert') as HTMLElement).getByRole('button', { name: 'Close' });
    close('second').focus();
    fireEvent.click(close('second'));
    expect(screen.queryByText('second')).toBeNull();
    expect(document.activeElement).toBe(close('third'));
    fireEvent.click(close('third'));
    expect(document.activeElement).toBe(close('first'));
  });

  it('moves the focus to the page heading when the last alert is closed, not to the body', () => {
    renderUi(
      <>
        <h1>Devices</h1>
        <AlertOutlet />
      </>,
    );
    act(() => {
      alerts.danger('only');
    });
    const close = within(screen.getByText('only').closest('.alert') as HTMLElement).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.click(close);
    expect(screen.queryByText('only')).toBeNull();
    const heading = screen.getByRole('heading', { name: 'Devices' });
    expect(document.activeElement).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('keeps the focus in the dialog an alert was shown in when its last alert is closed', () => {
    renderUi(
      <>
        <h1>Devices</h1>
        <div role="dialog" aria-modal="true">
          <h4 className="modal-title">Assign software</h4>
          <AlertOutlet />
        </div>
      </>,
    );
    act(() => {
      alerts.danger('only');
    });
    fireEvent.click(within(screen.getByText('only').closest('.alert') as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Assign software' }));
  });

  it('shows alerts without an outlet through the fallback', async () => {
    await act(async () => {
      alerts.warning('An operation is currently ongoing - please try again later.');
    });
    expect(await screen.findByText('An operation is currently ongoing - please try again later.')).toBeInTheDocument();
    expect(document.querySelector('[data-alert-fallback]')).not.toBeNull();
  });
});
