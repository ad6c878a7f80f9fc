import React, { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { focusFellToPage, useKeepFocus } from './keep-focus';

function Harness({ work }: { work: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const remember = useKeepFocus(busy);
  const run = async () => {
    remember();
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void run()}>
        Clear Pending Assignments
      </button>
      <input aria-label="elsewhere" />
    </>
  );
}

describe('useKeepFocus', () => {
  it('gives focus back to the control once its work is over, when it fell to the page', async () => {
    let finish!: () => void;
    render(<Harness work={() => new Promise<void>((r) => (finish = r))} />);
    const button = screen.getByRole('button', { name: 'Clear Pending Assignments' });
    button.focus();
    await act(async () => fireEvent.click(button));
    expect(button).toBeDisabled();
    // What the browser does to a focused control that gets disabled (jsdom keeps it there): focus on the page.
    const elsewhere = screen.getByLabelText('elsewhere');
    elsewhere.focus();
    elsewhere.blur();
    expect(document.activeElement).toBe(document.body);
    await act(async () => finish());
    expect(button).toHaveFocus();
  });

  it('leaves focus where the user moved it meanwhile', async () => {
    let finish!: () => void;
    render(<Harness work={() => new Promise<void>((r) => (finish = r))} />);
    const button = screen.getByRole('button', { name: 'Clear Pending Assignments' });
    button.focus();
    await act(async () => fireEvent.click(button));
    screen.getByLabelText('elsewhere').focus();
    await act(async () => finish());
    expect(screen.getByLabelText('elsewhere')).toHaveFocus();
  });
});

describe('focusFellToPage', () => {
  it('is true on the page, on a disabled control and on a removed one; false on a usable control', () => {
    render(
      <>
        <button type="button">usable</button>
        <button type="button">to disable</button>
      </>,
    );
    document.body.focus();
    expect(focusFellToPage()).toBe(true);
    const usable = screen.getByRole('button', { name: 'usable' });
    usable.focus();
    expect(focusFellToPage()).toBe(false);
    const other = screen.getByRole('button', { name: 'to disable' });
    other.focus();
    other.setAttribute('disabled', '');
    expect(focusFellToPage()).toBe(true);
    const removed = document.body.appendChild(document.createElement('button'));
    removed.focus();
    removed.remove();
    expect(focusFellToPage()).toBe(true);
  });
});
