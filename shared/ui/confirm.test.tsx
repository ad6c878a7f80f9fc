import { act, fireEvent, screen } from '@testing-library/react';
import { confirm } from './confirm';

async function ask(options: Parameters<typeof confirm>[0]) {
  let result!: Promise<boolean>;
  await act(async () => {
    result = confirm(options);
  });
  return { answer: result }; // wrapped: an async function would adopt the promise and wait for the answer
}

describe('confirm', () => {
  it('resolves true on OK and removes the dialog', async () => {
    const { answer } = await ask({ title: 'Confirm delete?', body: 'Do you really want to remove software Agent?', okLabel: 'Delete', okClass: 'btn-danger' });
    const dialog = screen.getByRole('dialog', { name: 'Confirm delete?' });
    expect(dialog).toHaveTextContent('Do you really want to remove software Agent?');
    const ok = screen.getByRole('button', { name: 'Delete' });
    expect(ok).toHaveClass('btn-danger');
    await act(async () => fireEvent.click(ok));
    await expect(answer).resolves.toBe(true);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses Cancel, the safe answer, when it opens (not the header\'s ×)', async () => {
    const { answer } = await ask({ title: 'Confirm delete?', body: 'Do you really want to remove software Agent?', okLabel: 'Delete', okClass: 'btn-danger' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await expect(answer).resolves.toBe(false);
    await act(() => new Promise((r) => setTimeout(r, 0)));
  });

  it.each([
    ['Cancel', () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', () => fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })],
    ['close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
  ])('resolves false on %s', async (_name, dismiss) => {
    const { answer } = await ask({ title: 'Sure?', body: 'Really?' });
    await act(async () => dismiss());
    await expect(answer).resolves.toBe(false);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
