import React, { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import { dropFocusToPage } from '@shared/ui/test-utils';
import { leaveBlocked } from '@shared/plugin-api/leave-guard';
import { SelectionModal, type SelectionItem } from './selection-modal';

const items: SelectionItem[] = [
  { id: 'r1:a', name: 'RUT9 stable', version: 'RUT9_R_00.07.06' },
  { id: 'r1:b', name: 'RUT9 beta', version: 'RUT9_R_00.07.07' },
];

function open(onInstall = jest.fn()) {
  renderContribution(<SelectionModal objective="firmware" items={items} loading={false} onInstall={onInstall} onCancel={jest.fn()} />, { pluginId: 'mobile-router' });
  return onInstall;
}

const filter = (text: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: text } });

describe('SelectionModal', () => {
  it('keeps Install disabled until a row is selected, then installs that row', () => {
    const onInstall = open();
    expect(screen.getByTestId('selection-install')).toBeDisabled();
    expect(screen.getByTestId('selection-install')).toHaveAccessibleDescription('Select the firmware to install first.');
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    expect(screen.getByTestId('selection-install')).toBeEnabled();
    expect(screen.getByTestId('selection-install')).not.toHaveAttribute('title');
    fireEvent.click(screen.getByTestId('selection-install'));
    expect(onInstall).toHaveBeenCalledWith(items[1]);
  });

  it('installs the chosen row on Enter, as Install does, but not on Enter in the filter', () => {
    const onInstall = open();
    fireEvent.keyDown(screen.getByRole('radio', { name: /RUT9 beta/ }), { key: 'Enter' });
    expect(onInstall).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Filter' }), { key: 'Enter' });
    expect(onInstall).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('radio', { name: /RUT9 beta/ }), { key: 'Enter' });
    expect(onInstall).toHaveBeenCalledWith(items[1]);
  });

  it('installs nothing on Enter while the update is created or the router does not allow it', () => {
    const onInstall = jest.fn();
    const view = renderContribution(<SelectionModal objective="firmware" items={items} loading={false} installing onInstall={onInstall} onCancel={jest.fn()} />, { pluginId: 'mobile-router' });
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    fireEvent.keyDown(screen.getByRole('radio', { name: /RUT9 beta/ }), { key: 'Enter' });
    view.unmount();
    renderContribution(<SelectionModal objective="firmware" items={items} loading={false} blocked="Not now." onInstall={onInstall} onCancel={jest.fn()} />, { pluginId: 'mobile-router' });
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    fireEvent.keyDown(screen.getByRole('radio', { name: /RUT9 beta/ }), { key: 'Enter' });
    expect(onInstall).not.toHaveBeenCalled();
  });

  it('offers Install only for a row the filter shows: a selected row filtered out is no choice', () => {
    const onInstall = open();
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    filter('stable');
    expect(screen.queryByRole('radio', { name: /RUT9 beta/ })).toBeNull();
    expect(screen.getByTestId('selection-install')).toBeDisabled();
    fireEvent.click(screen.getByTestId('selection-install'));
    expect(onInstall).not.toHaveBeenCalled();
    // Shown again, it is the choice again.
    filter('');
    expect(screen.getByRole('radio', { name: /RUT9 beta/ })).toBeChecked();
    expect(screen.getByTestId('selection-install')).toBeEnabled();
  });

  it('opens on its filter and gives the focus back to the button that opened it when it closes', () => {
    function Opener() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setShown(true)}>
            Update firmware
          </button>
          {shown && <SelectionModal objective="firmware" items={items} loading={false} onInstall={jest.fn()} onCancel={() => setShown(false)} />}
        </>
      );
    }
    renderContribution(<Opener />, { pluginId: 'mobile-router' });
    const opener = screen.getByRole('button', { name: 'Update firmware' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('searchbox', { name: 'Filter' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('router-selection-modal')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('gives the focus back to Install when the update could not be created and the dialog stays', async () => {
    let fail = () => undefined as void;
    function Installing() {
      const [installing, setInstalling] = useState(false);
      fail = () => setInstalling(false);
      return <SelectionModal objective="firmware" items={items} loading={false} installing={installing} onInstall={() => setInstalling(true)} onCancel={jest.fn()} />;
    }
    renderContribution(<Installing />, { pluginId: 'mobile-router' });
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    const install = screen.getByTestId('selection-install');
    install.focus();
    fireEvent.click(install);
    expect(screen.getByTestId('selection-install')).toBeDisabled();
    dropFocusToPage();
    act(() => fail());
    expect(screen.getByTestId('selection-install')).toBeEnabled();
    expect(screen.getByTestId('selection-install')).toHaveFocus();
  });

  it('closes on Escape with nothing chosen; with a choice it asks first (Back and reload too) and keeps it on Cancel', async () => {
    const onCancel = jest.fn();
    renderContribution(<SelectionModal objective="firmware" items={items} loading={false} onInstall={jest.fn()} onCancel={onCancel} />, { pluginId: 'mobile-router' });
    expect(leaveBlocked()).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /RUT9 beta/ }));
    expect(leaveBlocked()).toBe(true);
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: /RUT9 beta/ }), { key: 'Escape' }));
    expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /RUT9 beta/ })).toBeChecked();
    // Cancel is an explicit choice: it closes at once.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape at once while nothing is chosen', () => {
    const onCancel = jest.fn();
    renderContribution(<SelectionModal objective="firmware" items={items} loading={false} onInstall={jest.fn()} onCancel={onCancel} />, { pluginId: 'mobile-router' });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Filter' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard changes' })).toBeNull();
  });
});
