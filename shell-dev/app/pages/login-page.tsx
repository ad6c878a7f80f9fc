import React, { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShellT } from '../i18n-setup';
import { login, LoginError } from '../api/session';

const UNAUTHORIZED = 401;
const TOO_MANY_REQUESTS = 429;
const SECONDS_PER_MINUTE = 60;

export interface LoginPageProps {
  onLoggedIn: () => void;
  /** Prefilled tenant (the last one used on this page). */
  tenant?: string;
  /** Prefilled user (the one whose session ended). */
  userName?: string;
  /** Why the login shows again (a session that ended), said in the card where the eye is. */
  notice?: string;
}

/** The platform's login: tenant, user and password; a cookie session on success. */
export function LoginPage({ onLoggedIn, tenant: initialTenant = '', userName: initialUser = '', notice }: LoginPageProps) {
  const { t } = useShellT();
  const [tenant, setTenant] = useState(initialTenant);
  const [userName, setUserName] = useState(initialUser);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // The first field still to fill has the focus, so a keyboard user types at once (after a
  // session ended, tenant and user are filled: the password).
  useEffect(() => {
    const fields = Array.from(form.current?.querySelectorAll<HTMLInputElement>('input') ?? []);
    fields.find((f) => !f.value)?.focus();
  }, []);
  // A failed login gives focus to the password (the Log in button was disabled meanwhile, which drops
  // focus to the page), selected so that typing replaces it, as the platform's login does.
  useEffect(() => {
    if (!error || busy) return;
    passwordField.current?.focus();
    passwordField.current?.select();
  }, [error, busy]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(tenant.trim(), userName.trim(), password);
      onLoggedIn();
    } catch (err) {
      setError(
        err instanceof LoginError && err.status === UNAUTHORIZED
          ? t('Wrong tenant, user name or password.')
          : err instanceof LoginError && err.status === TOO_MANY_REQUESTS
            ? // The platform locks a user (or address) after repeated wrong passwords; its Retry-After says for how long.
              err.retryAfterS === undefined
              ? t('Too many failed logins. Try again later.')
              : t('Too many failed logins. Try again in {{minutes}} min.', { minutes: Math.max(1, Math.ceil(err.retryAfterS / SECONDS_PER_MINUTE)) })
            : t('Login failed: {{message}}', { message: err instanceof Error ? err.message : String(err) }),
      );
      setBusy(false);
    }
  };

  return (
    <div className="c8y-login-page" data-testid="login-page">
      <div className="login-card card">
        <div className="card-block">
          <h1 className="login-title">{t('Device management')}</h1>
          <p className="text-muted">{t('Log in with your tenant, user name and password.')}</p>
          {notice && (
            <div className="alert alert-warning" role="alert" data-testid="login-notice">
              {notice}
            </div>
          )}
          <form ref={form} onSubmit={submit} noValidate>
            <div className="form-group">
              <label htmlFor="login-tenant">{t('Tenant')}</label>
              <input id="login-tenant" className="form-control" autoComplete="organization" value={tenant} onChange={(e) => setTenant(e.target.value)} required />
            </div>
            <div className="form-group">
              <label htmlFor="login-user">{t('User')}</label>
              <input id="login-user" className="form-control" autoComplete="username" value={userName} onChange={(e) => setUserName(e.target.value)} required />
            </div>
            <div className="form-group">
              <label htmlFor="login-password">{t('Password')}</label>
              <input
                id="login-password"
                ref={passwordField}
                type="password"
                className="form-control"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </div>
            {error && (
              <div className="alert alert-danger" role="alert" data-testid="login-error">
                {error}
              </div>
            )}
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy || !tenant || !userName || !password}>
              {t('Log in')}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
