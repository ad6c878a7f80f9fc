import React from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { ColumnChooser, type ColumnConfig } from './column-chooser';
import type { GridColumn } from './data-grid-model';
import { renderUi } from './test-utils';

const columns: GridColumn<{ id: string }>[] = [
  { id: 'name', label: 'Name' },
  { id: 'serial', label: 'Machine serial' },
  { id: 'customer', label: 'Customer', hiddenByDefault: true },
];

describe('ColumnChooser', () => {
  it('shows, hides and reorders columns through the callback', () => {
    const changes: ColumnConfig[][] = [];
    renderUi(<ColumnChooser columns={columns} onChange={(c) => changes.push(c)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Configure columns' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Customer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Machine serial' }));
    expect(changes).toEqual([
      [
        { id: 'name', visible: true },
        { id: 'serial', visible: true },
        { id: 'customer', visible: true },
      ],
      [
        { id: 'serial', visible: true },
        { id: 'name', visible: true },
        { id: 'customer', visible: false },
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Move up: Name' })).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('checkbox', { name: 'Customer' })).toBeNull();
  });
});
