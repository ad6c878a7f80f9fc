import React from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { SmartGroupDialog } from './smart-group-dialog';
import { renderUi } from './test-utils';

describe('SmartGroupDialog', () => {
  it('says why Create waits: no name yet, then while the group is being created (German too)', () => {
    const onClose = jest.fn();
    const { rerender } = renderUi(<SmartGroupDialog query="$filter=(type eq 'x')" onClose={onClose} />);
    const create = () => screen.getByTestId('smart-group-create');
    expect(create()).toBeDisabled();
    expect(create()).toHaveAttribute('title', 'Enter a name for the smart group.');
    expect(create()).toHaveAccessibleDescription('Enter a name for the smart group.');
    fireEvent.change(screen.getByTestId('smart-group-name'), { target: { value: 'Line 4' } });
    expect(create()).toBeEnabled();
    expect(create()).not.toHaveAttribute('title');
    rerender(<SmartGroupDialog query="$filter=(type eq 'x')" saving onClose={onClose} />);
    expect(create()).toBeDisabled();
    expect(create()).toHaveAttribute('title', 'Creating the smart group…');
  });

  it('asks before Escape drops a typed name', async () => {
    const onClose = jest.fn();
    renderUi(<SmartGroupDialog query="$filter=(type eq 'x')" onClose={onClose} />);
    fireEvent.change(screen.getByTestId('smart-group-name'), { target: { value: 'Line 4' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('smart-group-name'), { key: 'Escape' });
    });
    expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(onClose).toHaveBeenCalledWith(null);
  });

  it('in German', () => {
    renderUi(<SmartGroupDialog query="$filter=(type eq 'x')" onClose={() => undefined} />, 'de');
    expect(screen.getByTestId('smart-group-create')).toHaveAttribute('title', 'Geben Sie einen Namen für die dynamische Gruppe ein.');
  });
});
