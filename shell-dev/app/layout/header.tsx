import React, { useEffect, useRef, useState } from 'react';
import type { CurrentUser, Language, Tenant } from '@shared/plugin-api/types';
import { LANGUAGES } from '../constants';
import { useShellT } from '../i18n-setup';

export interface HeaderProps {
  title: string;
  user: CurrentUser;
  tenant: Tenant | null;
  language: Language;
  onLanguage: (language: Language) => void;
  onLogout: () => void;
  onSwitchUser: () => void;
  /** The title is the screen's h1 unless the page below names itself with one (layout/page-heading). */
  titleIsHeading?: boolean;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The platform's header bar: page title on the left, the user menu on the right. */
export function Header({ title, user, tenant, language, onLanguage, onLogout, onSwitchUser, titleIsHeading = true }: HeaderProps) {
  const { t } = useShellT();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  // The menu button pattern (WAI-ARIA APG, issue 26): opening moves focus to the first item, arrows
  // (and Home/End) move between items, Escape closes and gives focus back to the button, Tab closes.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);
  const onMenuKeyDown = (e: React.KeyboardEvent) => {
    if (!open) return;
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    } else if (e.key === 'ArrowDown') to(at + 1);
    else if (e.key === 'ArrowUp') to(at - 1);
    else if (e.key === 'Home') to(0);
    else if (e.key === 'End') to(all.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };

  const name = user.displayName ?? user.userName;
  return (
    // <header>: the banner landmark, so the title and the user menu are inside a landmark too.
    <header className="app-main-header open" data-testid="header">
      <div className="header-bar">
        {titleIsHeading ? (
          <h1 className="c8y-ui-title" data-testid="page-title" title={title}>
            {title}
          </h1>
        ) : (
          <div className="c8y-ui-title" data-testid="page-title" title={title}>
            {title}
          </div>
        )}
        <div className="header-right">
          <div className={`dropdown main-header-item${open ? ' open' : ''}`} ref={menuRef} onKeyDown={onMenuKeyDown}>
            <button
              ref={toggleRef}
              type="button"
              className="main-header-button dropdown-toggle c8y-dropdown"
              aria-haspopup="menu"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
              data-testid="user-menu"
            >
              <span className="user-dot">{name.slice(0, 1).toUpperCase()}</span>
              <span className="user-name">{name}</span>
            </button>
            <ul className="dropdown-menu dropdown-menu-right" role="menu">
              <li className="dropdown-header">
                <strong>{name}</strong>
                {tenant && <div className="text-muted small">{t('Tenant: {{tenant}}', { tenant: tenant.name })}</div>}
              </li>
              <li role="separator" className="divider" />
              <li className="dropdown-header">{t('Language')}</li>
              {LANGUAGES.map((lang) => (
                <li key={lang} role="none" className={lang === language ? 'active' : undefined}>
                  <button
                    type="button"
                    className="btn-clean"
                    role="menuitemradio"
                    aria-checked={lang === language}
                    onClick={() => {
                      setOpen(false);
                      // The item hides with the menu: focus goes back to the menu button, not to the page.
                      toggleRef.current?.focus();
                      onLanguage(lang);
                    }}
                  >
                    {LANGUAGE_NAMES[lang]}
                  </button>
                </li>
              ))}
              <li role="separator" className="divider" />
              <li role="none">
                <button type="button" className="btn-clean" role="menuitem" onClick={onSwitchUser}>
                  <i className="dlt-c8y-icon-user" /> {t('Switch user')}
                </button>
              </li>
              <li role="none">
                <button type="button" className="btn-clean" role="menuitem" onClick={onLogout}>
                  <i className="dlt-c8y-icon-sign-out" /> {t('Logout')}
                </button>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </header>
  );
}
