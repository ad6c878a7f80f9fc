import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { configureClient } from '@shared/platform/fetch-client';
import { initShellI18n, loadShellLanguage } from '../i18n-setup';
import { LoginPage } from './login-page';

/** The platform's answer to every login of this test (jsdom has no Response: what the client reads of one). */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
  const reply = { ok: status < 400, status, statusText: '', headers: { get: (name: string) => all[name.toLowerCase()] ?? null }, text: async () => JSON.stringify(body) };
  configureClient({ fetch: (async () => reply) as unknown as typeof fetch });
}

async function renderPage(language: 'en' | 'de' = 'en') {
  const i18n = initShellI18n(language);
  await loadShellLanguage(language);
  await i18n.changeLanguage(language);
  const onLoggedIn = jest.fn();
  render(
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <LoginPage onLoggedIn={onLoggedIn} tenant="demo" />
    </I18nextProvider>,
  );
  return onLoggedIn;
}

function logIn(user: string, password: string, button = 'Log in') {
  fireEvent.change(screen.getByLabelText(/^(User|Benutzer)$/), { target: { value: user } });
  fireEvent.change(screen.getByLabelText(/^(Password|Passwort)$/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

afterEach(() => configureClient({ fetch: undefined }));

describe('LoginPage', () => {
  it('says a locked login is locked and for how long (the 429\'s Retry-After), not the server\'s English text', async () => {
    answer(429, { error: 'security/Too Many Requests', message: 'Too many failed logins: try again in 300 s' }, { 'retry-after': '300' });
    const onLoggedIn = await renderPage();
    logIn('operator', 'demo');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Too many failed logins. Try again in 5 min.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    // What was typed stays.
    expect(screen.getByLabelText('Password')).toHaveValue('demo');
  });

  it('in German, also after the session ended in a German page', async () => {
    answer(429, { message: 'Too many failed logins: try again in 61 s' }, { 'retry-after': '61' });
    await renderPage('de');
    logIn('operator', 'demo', 'Anmelden');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in 2 Min. erneut.');
  });

  it('keeps the wrong-password message for a 401', async () => {
    answer(401, { message: 'Bad credentials' });
    await renderPage();
    logIn('operator', 'wrong');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Wrong tenant, user name or password.');
    // Focus is on the password, what was typed kept and selected for typing it again.
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveValue('wrong');
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong'.length]);
    expect(screen.getByLabelText('User')).toHaveValue('operator');
  });

  it('has the first empty field focused, so a keyboard user types at once', async () => {
    await renderPage();
    // The tenant is filled in (the last one used): the user comes next.
    expect(screen.getByLabelText('User')).toHaveFocus();
    expect(screen.queryByTestId('login-notice')).toBeNull();
  });
});
