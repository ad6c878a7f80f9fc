import React, { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Card } from './card';
import { EmptyState, LookupNote } from './empty-state';
import { FilterInput } from './filter-input';
import { Icon } from './icon';
import { LoadingOverlay } from './loading-overlay';
import { Spinner } from './spinner';
import { Toggle } from './toggle';
import { renderUi } from './test-utils';

it('icon uses the platform icon font class and is decorative unless titled', () => {
  const { container } = renderUi(
    <>
      <Icon name="asterisk" />
      <Icon name="th" title="Dashboard" />
    </>,
  );
  expect(container.querySelector('.dlt-c8y-icon-asterisk')).toHaveAttribute('aria-hidden', 'true');
  expect(screen.getByRole('img', { name: 'Dashboard' })).toHaveClass('dlt-c8y-icon-th');
});

it('empty state shows icon, title and text in the platform markup', () => {
  const { container } = renderUi(<EmptyState icon="search" title="No software to display." text="Add software using the button on the toolbar." />);
  expect(container.querySelector('.c8y-empty-state > .dlt-c8y-icon-search')).not.toBeNull();
  expect(screen.getByRole('heading', { name: 'No software to display.' })).toBeInTheDocument();
  expect(screen.getByText('Add software using the button on the toolbar.')).toBeInTheDocument();
});

it('lookup note says loading until the lookup answers, then its failure or its empty text', () => {
  const props = { errorLead: 'The devices could not be loaded:', emptyText: 'There is no other device of this type.' };
  const { rerender } = renderUi(<LookupNote {...props} loading empty={false} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  rerender(<LookupNote {...props} empty />);
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.getByText('There is no other device of this type.')).toBeInTheDocument();
  rerender(<LookupNote {...props} loading error={new Error('Internal Server Error')} empty={false} />);
  expect(screen.getByRole('alert')).toHaveTextContent('The devices could not be loaded: Internal Server Error');
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('card renders title, actions, body and footer', () => {
  const { container } = renderUi(
    <Card title="Connection monitoring" actions={<button>Reload</button>} footer={<span>foot</span>}>
      body
    </Card>,
  );
  expect(container.querySelector('.card .card-header .card-title')).toHaveTextContent('Connection monitoring');
  expect(container.querySelector('.card-header [data-slot="card-actions"]')).toContainElement(screen.getByRole('button', { name: 'Reload' }));
  // The platform's .card-header-actions draws a shadow line at 44 px from the card's top, across a header taller than a widget's.
  expect(container.querySelector('.card-header-actions')).toBeNull();
  expect(container.querySelector('.card-block')).toHaveTextContent('body');
  expect(container.querySelector('.card-footer')).toHaveTextContent('foot');
});

it('toggle is a labelled switch reporting its new state', () => {
  const changes: boolean[] = [];
  renderUi(<Toggle checked={false} onChange={(v) => changes.push(v)} label="Maintenance" />);
  const sw = screen.getByRole('switch', { name: 'Maintenance' });
  expect(sw).not.toBeChecked();
  fireEvent.click(sw);
  expect(changes).toEqual([true]);
});

it('filter input clears with its icon and with Escape', () => {
  function Harness() {
    const [v, setV] = useState('');
    return <FilterInput value={v} onChange={setV} />;
  }
  renderUi(<Harness />);
  const input = screen.getByRole('searchbox', { name: 'Filter…' });
  expect(screen.queryByRole('button', { name: 'Clear filter' })).toBeNull();
  fireEvent.change(input, { target: { value: 'agent' } });
  fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
  expect(input).toHaveValue('');
  fireEvent.change(input, { target: { value: 'x' } });
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(input).toHaveValue('');
});

it('spinner and overlay announce loading; the overlay covers the page only while shown', () => {
  const { rerender } = renderUi(<Spinner />, 'de');
  expect(screen.getByRole('status', { name: 'Wird geladen…' })).toHaveClass('spinner');
  rerender(<LoadingOverlay show message="Operation is running on the server (3/10)" />);
  expect(screen.getByTestId('loading-overlay')).toHaveAttribute('aria-busy', 'true');
  expect(document.querySelector('.modal-backdrop')).not.toBeNull();
  rerender(<LoadingOverlay show={false} />);
  expect(screen.queryByTestId('loading-overlay')).toBeNull();
});
