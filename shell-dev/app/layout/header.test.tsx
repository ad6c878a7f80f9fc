import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initShellI18n } from '../i18n-setup';
import { Header } from './header';

function renderHeader(titleIsHeading = true) {
  const i18n = initShellI18n('en');
  const user = { id: 'admin', userName: 'admin', displayName: 'Admin Demo' } as Parameters<typeof Header>[0]['user'];
  return render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <Header title="Devices" user={user} tenant={null} language="en" onLanguage={() => undefined} onLogout={() => undefined} onSwitchUser={() => undefined} titleIsHeading={titleIsHeading} />
    </I18nextProvider>,
  );
}

describe('Header', () => {
  it('is the banner; its title is the h1 unless the page has its own', () => {
    const { unmount } = renderHeader();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    unmount();
    renderHeader(false);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Devices');
  });

  it('user menu: opening focuses the first item, arrows move, Escape closes and gives focus back', () => {
    renderHeader();
    const button = screen.getByTestId('user-menu');
    button.focus();
    act(() => {
      fireEvent.click(button);
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = Array.from(document.querySelectorAll<HTMLElement>('[role^="menuitem"]'));
    expect(items.length).toBeGreaterThan(2);
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1], { key: 'ArrowUp' });
    fireEvent.keyDown(items[0], { key: 'ArrowUp' });
    expect(items[items.length - 1]).toHaveFocus();
    fireEvent.keyDown(items[items.length - 1], { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('choosing a language closes the menu and gives focus back to the menu button (the item hides)', () => {
    renderHeader();
    const button = screen.getByTestId('user-menu');
    act(() => {
      fireEvent.click(button);
    });
    const deutsch = screen.getByRole('menuitemradio', { name: 'Deutsch' });
    deutsch.focus();
    act(() => {
      fireEvent.click(deutsch);
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
