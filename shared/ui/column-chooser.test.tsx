import React from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { PlatformContextReact } from '../plugin-api/context';
import { ROLE } from '../plugin-api/roles';
import { testContext, testUser } from '../plugin-api/testing-context';
import { ColumnChooser, type ColumnConfig } from './column-chooser';
import type { GridColumn } from './data-grid-model';
import { renderUi } from './test-utils';

const columns: GridColumn<{ id: string }>[] = [
  { id: 'name', label: 'Name', alwaysVisible: true },
  { id: 'serial', label: 'Machine serial' },
  { id: 'customer', label: 'Customer', hiddenByDefault: true },
];

/** A user who may save their own preferences. */
const asUser = (ui: React.ReactElement) => (
  <PlatformContextReact.Provider value={testContext({ user: testUser([ROLE.userOwnAdmin]) })}>{ui}</PlatformContextReact.Provider>
);

describe('ColumnChooser', () => {
  it('edits a draft of visibility and order and saves it', () => {
    const saved: ColumnConfig[][] = [];
    renderUi(asUser(<ColumnChooser columns={columns} config={[{ id: 'serial', visible: true }]} onSave={(c) => saved.push(c)} />));
    fireEvent.click(screen.getByRole('button', { name: 'Configure columns' }));
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Customer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Machine serial' }));
    expect(saved).toEqual([]);
    fireEvent.click(screen.getByTestId('column-config-save'));
    expect(saved).toEqual([
      [
        { id: 'name', visible: true },
        { id: 'customer', visible: true },
        { id: 'serial', visible: true },
      ],
    ]);
    expect(screen.queryByTestId('column-config-menu')).toBeNull();
  });

  it('Cancel and Escape drop the draft', () => {
    const saved: ColumnConfig[][] = [];
    renderUi(asUser(<ColumnChooser columns={columns} onSave={(c) => saved.push(c)} />));
    fireEvent.click(screen.getByRole('button', { name: 'Configure columns' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Machine serial' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('checkbox', { name: 'Customer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Configure columns' }));
    expect(screen.getByRole('checkbox', { name: 'Machine serial' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(saved).toEqual([]);
  });

  it('keeps Save from saving no column at all', () => {
    renderUi(asUser(<ColumnChooser columns={columns.slice(1)} onSave={() => undefined} />));
    fireEvent.click(screen.getByRole('button', { name: 'Configure columns' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Machine serial' }));
    expect(screen.getByTestId('column-config-save')).toBeDisabled();
  });
});
