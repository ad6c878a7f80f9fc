import React, { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { navigate } from '../plugin-api/hash-location';
import { leaveBlocked } from '../plugin-api/leave-guard';
import { Modal } from './modal';
import { renderUi } from './test-utils';
import { useLeaveGuard } from './unsaved-changes';

const DISCARD_TITLE = 'Discard changes';
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A dialog with one field: it holds edits while the field is not empty. */
function EditDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  return (
    <Modal open title="Add software" onClose={onClose} unsavedChanges={name !== ''} buttons={[{ label: 'Cancel', onClick: onClose }]}>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
    </Modal>
  );
}

/** A page with a form (edited while its field differs from the loaded value) and links away. */
function EditPage({ onSaved }: { onSaved?: (release: () => void) => void }) {
  const [name, setName] = useState('Agent');
  const guard = useLeaveGuard(name !== 'Agent');
  return (
    <>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <a href="#/other">Other page</a>
      <a href="#" role="button">
        More
      </a>
      <button onClick={() => onSaved?.(guard.release)}>Save</button>
    </>
  );
}

beforeEach(() => {
  window.location.hash = '#/start';
});

describe('Modal with unsavedChanges', () => {
  it('closes at once while its fields are as opened', () => {
    const onClose = jest.fn();
    renderUi(<EditDialog onClose={onClose} />);
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).toBeNull();
  });

  it('asks on Escape and the close button, keeps the edits on Cancel, closes on Discard', async () => {
    const onClose = jest.fn();
    renderUi(<EditDialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent' } });

    await act(async () => fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' }));
    const question = screen.getByRole('dialog', { name: DISCARD_TITLE });
    expect(question).toHaveTextContent('You are about to close this dialog and discard the changes made. Do you want to proceed?');
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Agent');

    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    await settle();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a click beside it, and its own Cancel closes without asking', async () => {
    const onClose = jest.fn();
    renderUi(<EditDialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent' } });
    fireEvent.mouseDown(document.querySelector('.modal') as Element);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks the browser before a reload while it holds edits, and not after', () => {
    const { unmount } = renderUi(<EditDialog onClose={() => undefined} />);
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(unload()).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent' } });
    expect(unload()).toBe(false);
    // The page behind an open dialog is inert: its navigation is the dialog's own (e.g. open what it created).
    expect(leaveBlocked()).toBe(false);
    unmount();
    expect(unload()).toBe(true);
  });
});

describe('useLeaveGuard', () => {
  it('lets links and navigate go while nothing is edited', async () => {
    renderUi(<EditPage />);
    fireEvent.click(screen.getByText('Other page'));
    await settle();
    expect(window.location.hash).toBe('#/other');
    navigate('/third');
    expect(window.location.hash).toBe('#/third');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a link leaves the edited page: Cancel stays with the edits, Discard goes', async () => {
    renderUi(<EditPage />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent 2' } });
    await act(async () => fireEvent.click(screen.getByText('Other page')));
    await settle();
    expect(screen.getByRole('dialog', { name: DISCARD_TITLE })).toHaveTextContent(
      'You are about to leave this page and discard the changes made. Do you want to proceed?',
    );
    expect(window.location.hash).toBe('#/start');
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await settle();
    expect(window.location.hash).toBe('#/start');
    expect(screen.getByLabelText('Name')).toHaveValue('Agent 2');

    await act(async () => fireEvent.click(screen.getByText('Other page')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard' })));
    await settle();
    expect(window.location.hash).toBe('#/other');
  });

  it('does not ask for a link that is a button, a new tab or the same address', async () => {
    renderUi(<EditPage />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent 2' } });
    await act(async () => fireEvent.click(screen.getByText('More')));
    await act(async () => fireEvent.click(screen.getByText('Other page'), { ctrlKey: true }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before the plugin navigates away from edits; after release() it goes at once', async () => {
    const saved = jest.fn((release: () => void) => {
      release();
      navigate('/created');
    });
    renderUi(<EditPage onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent 2' } });
    await act(async () => navigate('/elsewhere'));
    expect(screen.getByRole('dialog', { name: DISCARD_TITLE })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await settle();
    expect(window.location.hash).toBe('#/start');

    fireEvent.click(screen.getByText('Save'));
    expect(window.location.hash).toBe('#/created');
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).toBeNull();
  });

  it('asks the browser before a reload of the edited page', () => {
    renderUi(<EditPage />);
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(unload()).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent 2' } });
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agent' } });
    expect(unload()).toBe(true);
  });
});
