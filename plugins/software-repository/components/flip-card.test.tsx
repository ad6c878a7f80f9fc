import React, { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FlipCard } from './flip-card';

function Card() {
  const [flipped, setFlipped] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <FlipCard
        flipped={flipped}
        front={
          <div>
            <button type="button">Menu</button>
            <button type="button" onClick={() => setFlipped(true)}>
              Details
            </button>
          </div>
        }
        back={() => (
          <div>
            <button type="button" onClick={() => setFlipped(false)}>
              Back
            </button>
            <input aria-label="MD5" />
          </div>
        )}
      />
      <button type="button" onClick={() => setFlipped((f) => !f)}>
        Turn from outside
      </button>
    </>
  );
}

describe('FlipCard focus', () => {
  it('moves the focus to the face turned up: Details -> the back side, Back -> the Details button again', async () => {
    render(<Card />);
    const details = screen.getByRole('button', { name: 'Details' });
    details.focus();
    fireEvent.click(details);
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Details', hidden: true }));
  });

  it('does not take the focus from outside the card', async () => {
    render(<Card />);
    const outside = screen.getByRole('button', { name: 'Turn from outside' });
    outside.focus();
    fireEvent.click(outside);
    await act(async () => undefined);
    expect(document.activeElement).toBe(outside);
  });

  it('takes no focus when it first shows', () => {
    render(<Card />);
    expect(document.activeElement).toBe(document.body);
  });
});
