import React, { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { Modal } from './modal';
import { renderUi } from './test-utils';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <Modal
        open={open}
        title="Set timezone"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        buttons={[
          { label: 'Cancel', onClick: () => setOpen(false) },
          { label: 'Save', onClick: () => undefined, className: 'btn-primary' },
        ]}
      >
        <input aria-label="first" />
        <input aria-label="second" />
      </Modal>
    </>
  );
}

const tab = (shift = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });

describe('Modal', () => {
  it('is an aria-modal dialog labelled by its title, focusing the body first', () => {
    renderUi(<Harness />);
    fireEvent.click(screen.getByText('open'));
    const dialog = screen.getByRole('dialog', { name: 'Set timezone' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('first')).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');
  });

  it('traps Tab focus inside and restores focus on close', () => {
    renderUi(<Harness />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    screen.getByRole('button', { name: 'Save' }).focus();
    tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus(); // wrapped to the first
    tab(true);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus(); // and back to the last
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('closes on Escape, the close button and the backdrop', () => {
    const onClose = jest.fn();
    renderUi(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('open'));
    fireEvent.keyDown(screen.getByLabelText('first'), { key: 'Escape' });
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByText('open'));
    fireEvent.mouseDown(document.querySelector('.modal') as Element);
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cannot be dismissed while not dismissible (its work runs), and can again after', () => {
    const onClose = jest.fn();
    const view = (dismissible: boolean) => (
      <Modal open title="Busy" onClose={onClose} dismissible={dismissible}>
        <input aria-label="field" />
      </Modal>
    );
    const { rerender } = renderUi(view(false));
    fireEvent.keyDown(screen.getByLabelText('field'), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.mouseDown(document.querySelector('.modal') as Element);
    expect(onClose).not.toHaveBeenCalled();
    rerender(view(true));
    fireEvent.keyDown(screen.getByLabelText('field'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets only the innermost of nested dialogs react to Escape', () => {
    const outer = jest.fn();
    const inner = jest.fn();
    renderUi(
      <Modal open title="Outer" onClose={outer}>
        <Modal open title="Inner" onClose={inner}>
          <input aria-label="x" />
        </Modal>
      </Modal>,
    );
    expect(screen.getByLabelText('x')).toHaveFocus();
    act(() => {
      fireEvent.keyDown(screen.getByLabelText('x'), { key: 'Escape' });
    });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('focuses a dialog opened later from inside another one', async () => {
    function Outer() {
      const [inner, setInner] = useState(false);
      return (
        <Modal open title="Outer" onClose={() => undefined}>
          <button onClick={() => setInner(true)}>more</button>
          <Modal open={inner} title="Inner" onClose={() => setInner(false)}>
            <input aria-label="inner field" />
          </Modal>
        </Modal>
      );
    }
    renderUi(<Outer />);
    await act(async () => undefined);
    expect(screen.getByText('more')).toHaveFocus();
    fireEvent.click(screen.getByText('more'));
    expect(screen.getByLabelText('inner field')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('inner field'), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByText('more')).toHaveFocus();
  });
});
