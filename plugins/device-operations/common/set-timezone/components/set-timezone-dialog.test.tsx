import { act, fireEvent, screen } from '@testing-library/react';
import { renderContribution } from '@shared/plugin-api/testing';
import { DEFAULT_TIMEZONE_INDEX } from '@shared/domain/timezones';
import en from '../../../locales/lists.en.json';
import SetTimezoneDialog from './set-timezone-dialog';

it('closes on Escape as opened; with another zone picked a click beside it does nothing and Escape asks first', async () => {
  const onClose = jest.fn();
  const { unmount } = renderContribution(<SetTimezoneDialog deviceCount={3} onClose={onClose} />, { locales: en });
  fireEvent.keyDown(screen.getByTestId('timezone-select'), { key: 'Escape' });
  expect(onClose).toHaveBeenCalledWith(null);
  unmount();
  onClose.mockClear();

  renderContribution(<SetTimezoneDialog deviceCount={3} onClose={onClose} />, { locales: en });
  const select = screen.getByTestId('timezone-select');
  fireEvent.change(select, { target: { value: String(DEFAULT_TIMEZONE_INDEX + 1) } });
  fireEvent.mouseDown(document.querySelector('.modal') as Element);
  expect(onClose).not.toHaveBeenCalled();
  await act(async () => fireEvent.keyDown(select, { key: 'Escape' }));
  expect(screen.getByRole('dialog', { name: 'Discard changes' })).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
  expect(onClose).not.toHaveBeenCalled();
  expect(select).toHaveValue(String(DEFAULT_TIMEZONE_INDEX + 1));
});
