import { render } from '@testing-library/react';
import { SCREEN_READY_EVENT, useScreenReady } from './screen-ready';

function Screen({ ready }: { ready: boolean }) {
  useScreenReady(ready);
  return null;
}

describe('useScreenReady', () => {
  it('signals once, in the frame after the data is there', async () => {
    const seen: Event[] = [];
    const listener = (e: Event) => seen.push(e);
    window.addEventListener(SCREEN_READY_EVENT, listener);
    const view = render(<Screen ready={false} />);
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    expect(seen).toHaveLength(0);
    view.rerender(<Screen ready />);
    expect(seen).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    view.rerender(<Screen ready={false} />);
    view.rerender(<Screen ready />);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    window.removeEventListener(SCREEN_READY_EVENT, listener);
  });
});
