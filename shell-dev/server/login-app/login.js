/*
 * The stand-in's login application at /apps/public/login/ (the platform's own login app is not
 * on npm). It does what that app does for a password login: POST /tenant/oauth?tenant_id=<t>
 * with grant_type=PASSWORD (the cookie session the shells then use), then back to the page that
 * sent the user here (sessionStorage.c8yRedirectAfterLoginPath, written by @c8y/bootstrap), only
 * when that is a path of this origin.
 */
(function () {
  'use strict';

  var REDIRECT_KEY = 'c8yRedirectAfterLoginPath';
  var DEFAULT_TARGET = '/apps/devicemanagement/';
  var LOGIN_PATH = '/apps/public/login';
  /** Query parameters of the login flow itself, dropped from the way back (as the platform's login app does). */
  var FLOW_PARAMS = ['token', 'email', 'code', 'session_state', 'error', 'error_description'];
  var UNAUTHORIZED = 401;
  var TOO_MANY_REQUESTS = 429;
  var SECONDS_PER_MINUTE = 60;

  var MESSAGES = {
    en: {
      pageTitle: 'Log in',
      title: 'Log in',
      intro: 'Log in with your tenant, username and password.',
      tenant: 'Tenant',
      username: 'Username',
      password: 'Password',
      submit: 'Log in',
      busy: 'Logging in…',
      missing: 'Enter tenant, username and password.',
      invalid: 'Invalid credentials.',
      throttled: 'Too many login attempts. Try again later.',
      throttledFor: 'Too many login attempts. Try again in {minutes} min.',
      failed: 'Login failed (HTTP {status}).',
      unreachable: 'The platform cannot be reached. Check your connection and try again.',
      noAccess: 'You are logged in, but the application "{app}" does not exist on this tenant or you have no access to it.',
      demoTitle: 'Demo logins',
      demoHint: 'Tenant {tenant}, password {password}. Pick a user to fill in the form:',
      demoHintNoPassword: 'Tenant {tenant}. Pick a user to fill in the form:',
      demoUse: 'Log in as {user}',
    },
    de: {
      pageTitle: 'Anmelden',
      title: 'Anmelden',
      intro: 'Melden Sie sich mit Mandant, Benutzername und Passwort an.',
      tenant: 'Mandant',
      username: 'Benutzername',
      password: 'Passwort',
      submit: 'Anmelden',
      busy: 'Anmeldung läuft…',
      missing: 'Bitte Mandant, Benutzername und Passwort eingeben.',
      invalid: 'Ungültige Anmeldedaten.',
      throttled: 'Zu viele Anmeldeversuche. Bitte später erneut versuchen.',
      throttledFor: 'Zu viele Anmeldeversuche. Versuchen Sie es in {minutes} Min. erneut.',
      failed: 'Anmeldung fehlgeschlagen (HTTP {status}).',
      unreachable: 'Die Plattform ist nicht erreichbar. Bitte Verbindung prüfen und erneut versuchen.',
      noAccess: 'Sie sind angemeldet, aber die Anwendung „{app}“ gibt es auf diesem Mandanten nicht oder Sie haben keinen Zugriff darauf.',
      demoTitle: 'Demo-Anmeldungen',
      demoHint: 'Mandant {tenant}, Passwort {password}. Benutzer wählen, um das Formular auszufüllen:',
      demoHintNoPassword: 'Mandant {tenant}. Benutzer wählen, um das Formular auszufüllen:',
      demoUse: 'Als {user} anmelden',
    },
  };

  function languageOf(nav) {
    var langs = (nav && (nav.languages && nav.languages.length ? nav.languages : [nav.language])) || [];
    return String(langs[0] || 'en').toLowerCase().indexOf('de') === 0 ? 'de' : 'en';
  }

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_m, name) {
      return values && values[name] !== undefined ? String(values[name]) : '';
    });
  }

  /** A locked login: for how long, in whole minutes (at least 1), when the server's Retry-After says it. */
  function throttledText(t, res) {
    var seconds = Number(res.headers && res.headers.get ? res.headers.get('retry-after') : NaN);
    if (!(seconds > 0)) return t.throttled;
    return format(t.throttledFor, { minutes: Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE)) });
  }

  /**
   * Where to go after the login: the stored path when it stays on this origin and is not the
   * login app itself (no open redirect, no loop), else the platform UI application.
   */
  function redirectTarget(stored, origin) {
    if (typeof stored !== 'string' || stored.charAt(0) !== '/') return DEFAULT_TARGET;
    var url;
    try {
      url = new URL(stored, origin);
    } catch (e) {
      return DEFAULT_TARGET;
    }
    // '//host', '/\host' and control characters all resolve to another origin here.
    if (url.origin !== origin) return DEFAULT_TARGET;
    if (url.pathname === LOGIN_PATH || url.pathname.indexOf(LOGIN_PATH + '/') === 0) return DEFAULT_TARGET;
    FLOW_PARAMS.forEach(function (p) {
      url.searchParams.delete(p);
    });
    return url.pathname + url.search + url.hash;
  }

  /** The application a path opens (`/apps/[public/]<contextPath>[@version]/...`), or null. */
  function contextPathOf(path) {
    var m = /^\/apps\/(public\/)?([^/?#]+)/.exec(path);
    return m ? decodeURIComponent(m[2]).split('@')[0] : null;
  }

  var api = {
    redirectTarget: redirectTarget,
    contextPathOf: contextPathOf,
    languageOf: languageOf,
    messages: MESSAGES,
    /** Leaving the page goes through here (one place to follow it). */
    navigate: function (url) {
      window.location.assign(url);
    },
  };
  window.c8yLogin = api;

  function init() {
    var t = MESSAGES[languageOf(window.navigator)];
    var form = document.getElementById('login-form');
    var fields = {
      tenant: document.getElementById('login-tenant'),
      username: document.getElementById('login-user'),
      password: document.getElementById('login-password'),
    };
    var errorBox = document.getElementById('login-error');
    var submit = document.getElementById('login-submit');

    document.documentElement.lang = t === MESSAGES.de ? 'de' : 'en';
    document.title = t.pageTitle;
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (el) {
      el.textContent = t[el.getAttribute('data-i18n')];
    });

    function showError(text, field) {
      errorBox.textContent = text;
      errorBox.hidden = false;
      Object.keys(fields).forEach(function (k) {
        var wrong = field === 'all' || fields[k] === field;
        if (wrong) {
          fields[k].setAttribute('aria-invalid', 'true');
          fields[k].setAttribute('aria-describedby', 'login-error');
        } else {
          fields[k].removeAttribute('aria-invalid');
          fields[k].removeAttribute('aria-describedby');
        }
      });
      if (field && field !== 'all') field.focus();
    }

    function clearError() {
      errorBox.hidden = true;
      errorBox.textContent = '';
      Object.keys(fields).forEach(function (k) {
        fields[k].removeAttribute('aria-invalid');
        fields[k].removeAttribute('aria-describedby');
      });
    }

    function setBusy(busy) {
      submit.disabled = busy;
      submit.textContent = busy ? t.busy : t.submit;
      form.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    async function serverMessage(res) {
      try {
        var body = await res.json();
        return body && (body.message || body.error_description || body.error) ? String(body.message || body.error_description || body.error) : '';
      } catch (e) {
        return '';
      }
    }

    /** After a login (or with a session already): back to the application, when the user may open it. */
    async function leave() {
      var target = redirectTarget(window.sessionStorage.getItem(REDIRECT_KEY), window.location.origin);
      var app = contextPathOf(target);
      // As the platform's login app: on a host other than localhost the application must answer
      // its manifest, else the shell would send the user straight back here (a login loop).
      if (app && window.location.hostname !== 'localhost') {
        var res;
        try {
          res = await fetch('/application/applications/' + encodeURIComponent(app) + '/manifest', { credentials: 'same-origin', headers: { accept: 'application/json' } });
        } catch (e) {
          return { error: t.unreachable };
        }
        if (!res.ok) return { error: format(t.noAccess, { app: app }) };
      }
      window.sessionStorage.removeItem(REDIRECT_KEY);
      api.navigate(target);
      return {};
    }

    async function onSubmit(event) {
      event.preventDefault();
      var tenant = fields.tenant.value.trim();
      var username = fields.username.value.trim();
      var password = fields.password.value;
      var firstEmpty = !tenant ? fields.tenant : !username ? fields.username : !password ? fields.password : null;
      if (firstEmpty) {
        showError(t.missing, firstEmpty);
        return;
      }
      clearError();
      setBusy(true);
      var res;
      try {
        res = await fetch('/tenant/oauth?tenant_id=' + encodeURIComponent(tenant), {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
          body: new URLSearchParams({ grant_type: 'PASSWORD', username: username, password: password }).toString(),
        });
      } catch (e) {
        setBusy(false);
        showError(t.unreachable);
        return;
      }
      if (!res.ok) {
        var message = await serverMessage(res);
        setBusy(false);
        if (res.status === UNAUTHORIZED) {
          // The server's own words when they say more than "invalid credentials" (e.g. a locked user).
          var extra = message && !/invalid credentials/i.test(message) ? ' ' + message : '';
          fields.password.value = '';
          showError(t.invalid + extra, 'all');
          fields.password.focus();
        } else if (res.status === TOO_MANY_REQUESTS) {
          // The lock's length from Retry-After, in the page's language (the server's text is English).
          showError(throttledText(t, res));
        } else {
          var head = format(t.failed, { status: res.status });
          showError(message ? head + ' ' + message : head);
        }
        return;
      }
      var outcome = await leave();
      if (outcome.error) {
        setBusy(false);
        showError(outcome.error);
      }
    }

    async function showDemoLogins() {
      var res;
      try {
        res = await fetch('demo-logins.json', { credentials: 'same-origin', headers: { accept: 'application/json' } });
      } catch (e) {
        return;
      }
      if (!res.ok) return;
      var demo;
      try {
        demo = await res.json();
      } catch (e) {
        return;
      }
      if (!demo || !Array.isArray(demo.users) || demo.users.length === 0) return;
      document.getElementById('demo-hint').textContent = demo.password
        ? format(t.demoHint, { tenant: demo.tenant, password: demo.password })
        : format(t.demoHintNoPassword, { tenant: demo.tenant });
      var list = document.getElementById('demo-list');
      demo.users.forEach(function (u) {
        var item = document.createElement('li');
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = u.userName;
        button.setAttribute('aria-label', format(t.demoUse, { user: u.userName }));
        button.addEventListener('click', function () {
          fields.tenant.value = demo.tenant;
          fields.username.value = u.userName;
          if (demo.password) {
            fields.password.value = demo.password;
            submit.focus();
          } else {
            fields.password.focus();
          }
          clearError();
        });
        item.appendChild(button);
        list.appendChild(item);
      });
      document.getElementById('demo-logins').hidden = false;
    }

    form.addEventListener('submit', onSubmit);
    api.ready = Promise.all([
      showDemoLogins(),
      // A session that is still valid (e.g. the application sent a logged-in user here): go back at once.
      fetch('/user/currentUser', { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (res) {
          if (!res.ok) return undefined;
          setBusy(true);
          return leave().then(function (outcome) {
            if (outcome.error) {
              setBusy(false);
              showError(outcome.error);
            }
          });
        })
        .catch(function () {
          return undefined;
        }),
    ]);
    (fields.username.value ? fields.password : fields.username).focus();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
