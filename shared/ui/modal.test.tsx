import React, { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Modal } from './modal';
import { PlatformContextReact } from '../plugin-api/context';
import { REQUIRES, ROLE } from '../plugin-api/roles';
import { testContext, testUser } from '../plugin-api/testing-context';
import { renderUi } from './test-utils';
import { AlertOutlet, alerts } from './alerts';
import { FilterInput } from './filter-input';
import { LoadingOverlay } from './loading-overlay';
import { topModalDialog } from './top-layer';

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

/** The page's alert outlet and a modal. */
const pageWithModal = (open: boolean, title: string) => (
  <>
    <AlertOutlet />
    <Modal open={open} title={title} onClose={() => undefined}>
      <input aria-label="field" />
    </Modal>
  </>
);

/** A modal whose dismissibility the test switches, as a dialog with running work does. */
const busyModal = (onClose: () => void, dismissible: boolean) => (
  <Modal open title="Busy" onClose={onClose} dismissible={dismissible}>
    <input aria-label="field" />
  </Modal>
);

describe('Modal', () => {
  it('is an aria-modal dialog labelled by its title, focusing the body first', () => {
    renderUi(<Harness />);
    fireEvent.click(screen.getByText('open'));
    const dialog = screen.getByRole('dialog', { name: 'Set timezone' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('first')).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');
  });

  it('is a native modal <dialog> (top layer, inert page: checked in Chromium) and restores focus on close', () => {
    renderUi(<Harness />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Set timezone' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(topModalDialog()).toBe(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(topModalDialog()).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('gives focus back to its opener when a field of its body took focus on mounting (autoFocus)', () => {
    function AutoFocusHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>open</button>
          <Modal open={open} title="Select software" onClose={() => setOpen(false)} buttons={[{ label: 'Cancel', onClick: () => setOpen(false) }]}>
            <FilterInput value="" onChange={() => undefined} label="Filter software" autoFocus />
          </Modal>
        </>
      );
    }
    renderUi(<AutoFocusHarness />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByLabelText('Filter software')).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
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
    const view = (dismissible: boolean) => busyModal(onClose, dismissible);
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

  it('shows a dialog nested in another one opened in the same commit above it', () => {
    renderUi(
      <Modal open title="Outer" onClose={() => undefined}>
        <Modal open title="Inner" onClose={() => undefined}>
          <input aria-label="x" />
        </Modal>
      </Modal>,
    );
    expect(topModalDialog()).toBe(screen.getByRole('dialog', { name: 'Inner' }));
  });

  it('keeps a busy dialog open when the browser closes it on its own, and closes a dismissible one through onClose', async () => {
    const onClose = jest.fn();
    const view = (dismissible: boolean) => busyModal(onClose, dismissible);
    const { rerender } = renderUi(view(false));
    const dialog = screen.getByRole('dialog', { name: 'Busy' }) as HTMLDialogElement;
    // What Chromium does with a second Escape that came without user activation: no cancel, just close.
    await act(async () => {
      dialog.close();
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(dialog.open).toBe(true);
    expect(topModalDialog()).toBe(dialog);
    expect(onClose).not.toHaveBeenCalled();
    rerender(view(true));
    await act(async () => {
      dialog.close();
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets Escape in a filter field clear it without closing the dialog', () => {
    const onClose = jest.fn();
    function Filtered() {
      const [value, setValue] = useState('abc');
      return (
        <Modal open title="Pick" onClose={onClose}>
          <FilterInput value={value} onChange={setValue} label="Filter" />
        </Modal>
      );
    }
    renderUi(<Filtered />);
    fireEvent.keyDown(screen.getByLabelText('Filter'), { key: 'Escape' });
    expect(screen.getByLabelText('Filter')).toHaveValue('');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('Filter'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows alerts raised while a dialog is open inside the top dialog, and on the page again after', () => {
    const view = (open: boolean) => pageWithModal(open, 'Work');
    const { rerender } = renderUi(view(true));
    act(() => {
      alerts.danger('Saving failed');
    });
    const dialog = screen.getByRole('dialog', { name: 'Work' });
    expect(dialog).toContainElement(screen.getByText('Saving failed'));
    rerender(view(false));
    expect(screen.getByText('Saving failed')).toBeInTheDocument();
    expect(screen.getByText('Saving failed').closest('dialog')).toBeNull();
    act(() => alerts.clearAll());
  });

  it('moves a toast raised before a dialog opened into the dialog box, beneath its header, not over its close button', () => {
    const view = (open: boolean) => pageWithModal(open, 'Select software');
    const { rerender } = renderUi(view(false));
    act(() => {
      alerts.success('Device updated successfully');
    });
    expect(screen.getByText('Device updated successfully').closest('dialog')).toBeNull();
    rerender(view(true));
    const dialog = screen.getByRole('dialog', { name: 'Select software' });
    const toast = screen.getByText('Device updated successfully').closest('.alert') as HTMLElement;
    // In the box's flow between header and body; not in the page's fixed top-right `.alerts`
    // corner, where a wide dialog's × is.
    const box = dialog.querySelector('.modal-content') as HTMLElement;
    expect(box).toContainElement(toast);
    expect(toast.closest('.alerts')).toBeNull();
    expect(box.querySelector('.modal-header')?.compareDocumentPosition(toast)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(box.querySelector('.modal-body')?.compareDocumentPosition(toast)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    rerender(view(false));
    expect(screen.getByText('Device updated successfully').closest('.alerts')).not.toBeNull();
    act(() => alerts.clearAll());
  });

  it('puts the loading overlay above an open dialog, where Escape cannot dismiss it', () => {
    const onClose = jest.fn();
    const view = (busy: boolean) => (
      <>
        <Modal open title="Work" onClose={onClose}>
          <input aria-label="field" />
        </Modal>
        <LoadingOverlay show={busy} message="Saving" />
      </>
    );
    const { rerender } = renderUi(view(false));
    rerender(view(true));
    const overlay = screen.getByTestId('loading-overlay');
    expect(topModalDialog()).toBe(overlay);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect((overlay as HTMLDialogElement).open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    rerender(view(false));
    expect(topModalDialog()).toBe(screen.getByRole('dialog', { name: 'Work' }));
  });

  it("says why a footer button is disabled (hover and its description), for a write's button too; a missing permission's reason comes first", () => {
    const why = 'Choose a version first.';
    const dialog = (roles: string[]) => (
      <PlatformContextReact.Provider value={testContext({ user: testUser(roles) })}>
        <Modal
          open
          title="Pick"
          onClose={() => undefined}
          buttons={[
            { label: 'Plain', onClick: () => undefined, disabled: true, title: why },
            { label: 'Write', onClick: () => undefined, disabled: true, title: why, requires: REQUIRES.deviceProfileWrite },
          ]}
        />
      </PlatformContextReact.Provider>
    );
    const { rerender } = renderUi(dialog([ROLE.inventoryAdmin]));
    for (const name of ['Plain', 'Write']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', why);
      expect(button).toHaveAccessibleDescription(why);
    }
    rerender(dialog([]));
    expect(screen.getByRole('button', { name: 'Write' })).toHaveAccessibleDescription('Not permitted: your user lacks the permission “Inventory: admin”.');
  });
});
