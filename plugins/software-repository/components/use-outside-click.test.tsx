import React, { useCallback, useRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useOutsideClick } from './use-outside-click';

function Dropdown() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(ref, open, close);
  return (
    <>
      <div ref={ref}>
        <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          Menu
        </button>
        {open && <input aria-label="Inside" />}
      </div>
      <div className="modal">
        <button type="button">In a dialog</button>
      </div>
      <div className="alerts">
        <div className="alert alert-danger">
          <button type="button">Close the alert</button>
        </div>
      </div>
      <button type="button">Outside</button>
    </>
  );
}

describe('useOutsideClick', () => {
  it('closes on Escape and gives the focus back to the toggle', () => {
    render(<Dropdown />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const inside = screen.getByLabelText('Inside');
    inside.focus();
    fireEvent.keyDown(inside, { key: 'Escape' });
    expect(screen.queryByLabelText('Inside')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('stays open for Escape in a dialog opened from it and for clicks inside; closes on a click outside', () => {
    render(<Dropdown />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'In a dialog' }), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByLabelText('Inside'));
    expect(screen.getByLabelText('Inside')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByLabelText('Inside')).toBeNull();
  });

  it("stays open when the user closes an alert (the failure its own save raised: the form is kept)", () => {
    render(<Dropdown />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Close the alert' }));
    expect(screen.getByLabelText('Inside')).toBeInTheDocument();
  });
});
