// What every page shares: the header with the navigation, the language switch and who is
// signed in, and taking a learner token out of the URL.
import { h, fill, $ } from './dom.js';
import { t, lang, setLang, apply } from './i18n.js';
import { auth, identify, takeTokenFromURL } from './api.js';
import { isGuest, isMember, member } from './guest.js';

const PAGES = [
  ['home', '/app/', 'nav.home'],
  ['practice', '/app/practice.html', 'nav.practice'],
  ['play', '/app/play.html', 'nav.play'],
  ['author', '/app/author.html', 'nav.author'],
];
// Instructors (signed in with an API key) also have their classes; a class's learner,
// their assessments.
const STAFF_PAGES = [['classes', '/app/classes.html', 'nav.classes']];
const MEMBER_PAGES = [['class', '/app/class.html', 'nav.myclass']];

/**
 * boot prepares a page: the token from the fragment, the header, the translations. It
 * resolves once the server has said whom the learner token belongs to (identify), so a
 * page that needs the learner awaits it.
 */
export async function boot(page) {
  const launch = takeTokenFromURL();
  if (launch.lang === 'vi' || launch.lang === 'en') setLang(launch.lang);
  const header = $('#top');
  const render = () => {
    const who = auth.learnerId() != null && isMember() ? t('auth.member', { name: member().name, class: member().class_name })
      : auth.learnerId() != null ? (!isGuest() && auth.learnerName()) || t(isGuest() ? 'auth.guest' : 'auth.learner', { id: auth.learnerId() })
        : auth.key() ? t('auth.instructor') : t('auth.none');
    fill(header,
      h('a', { class: 'brand', href: '/app/' }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '⟳'), 'looplab'),
      h('nav', { 'aria-label': t('nav.label') },
        h('ul', {}, [...PAGES, ...(auth.key() ? STAFF_PAGES : []), ...(isMember() ? MEMBER_PAGES : [])].map(([id, href, key]) =>
          h('li', {}, h('a', { href, 'aria-current': id === page ? 'page' : null }, t(key)))))),
      h('div', { class: 'tools' },
        h('div', { class: 'langs', role: 'group', 'aria-label': t('lang.label') },
          langButton('vi', 'Tiếng Việt', 'VI'), langButton('en', 'English', 'EN')),
        h('span', { class: 'who', id: 'who' }, who),
        // A guest is not signed in: the practice page would only make it again. It is
        // offered the sign-in (a token from a course), which then offers to keep its practice.
        // A class's learner is this browser's too (join.html joins as someone else).
        (isGuest() || isMember()) && !auth.key() ? h('a', { href: '/app/#signin-title', id: 'signin-link' }, t('auth.signin'))
          : (auth.token() || auth.key()) ? h('button', { type: 'button', class: 'link', id: 'signout', onclick: () => { auth.signOut(); location.reload(); } }, t('auth.signout')) : null));
  };
  render();
  apply();
  document.addEventListener('langchange', render);
  document.addEventListener('authchange', render);
  try {
    if (await identify() != null) render();
  } catch { /* offline: the page's own requests will say so */ }
  return { lang };
}

// langButton switches the page to language l; on a phone it shows the short name, and
// its accessible name is the whole one either way.
function langButton(l, name, short) {
  return h('button', { type: 'button', 'data-lang': l, lang: l, 'aria-pressed': String(lang() === l), onclick: () => setLang(l) },
    h('span', { class: 'long' }, name), h('span', { class: 'short', 'aria-hidden': 'true' }, short));
}

/** ready marks the page usable (its data shown), with the time it took. */
export function ready() {
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
}

/** status shows a message in a live region; kind is 'info', 'error' or 'ok'. */
export function status(el, msg, kind = 'info') {
  el.hidden = !msg;
  el.className = 'status ' + kind;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.textContent = msg || '';
}

/** signInForm renders a sign-in form for a learner token or an API key. */
export function signInForm(kind, onDone) {
  const id = 'signin-' + kind;
  const input = h('input', { id, name: kind, type: 'password', autocomplete: 'off', spellcheck: 'false', required: true });
  const msg = h('p', { class: 'status', hidden: true });
  const form = h('form', {
    class: 'card signin', 'aria-labelledby': id + '-title',
    onsubmit: async (e) => {
      e.preventDefault();
      const v = input.value.trim();
      if (kind === 'token') {
        // The server says whether it is a learner token (the page does not read tokens).
        auth.setToken(v);
        let learner = null;
        try { learner = await identify(); } catch { /* offline */ }
        if (learner == null) { auth.clearToken(); status(msg, t('signin.bad'), 'error'); return; }
      } else {
        const refused = await checkKey(v);
        if (refused) { status(msg, refused, 'error'); input.setAttribute('aria-invalid', 'true'); input.focus(); return; }
        auth.setKey(v);
      }
      document.dispatchEvent(new CustomEvent('authchange'));
      onDone?.();
    },
  },
  h('h2', { id: id + '-title' }, t('signin.title')),
  h('label', { for: id }, t(kind === 'token' ? 'signin.token' : 'signin.key')),
  h('p', { class: 'help' }, t(kind === 'token' ? 'signin.token.help' : 'signin.key.help')),
  input, msg,
  h('button', { type: 'submit', class: 'primary' }, t('signin.submit')));
  return form;
}

/**
 * checkKey asks the server whose key it is (GET /v1/me) before the page keeps it, and
 * says why it will not do: refused by the server (its reason), a learner token, or an
 * app key (which cannot author). It resolves to that reason, or null for an instructor
 * or admin key.
 */
async function checkKey(key) {
  let me;
  try {
    const res = await fetch('/v1/me', { headers: { Accept: 'application/json', Authorization: 'Bearer ' + key }, credentials: 'omit', cache: 'no-store' });
    me = await res.json();
    if (!res.ok) return t('signin.badkey', { msg: me?.detail || res.statusText });
  } catch (err) {
    return t('common.error', { msg: err.message });
  }
  if (me.role === 'learner') return t('signin.notkey');
  if (me.role === 'app') return t('signin.appkey');
  return null;
}

/**
 * keyRefused handles an error of a request made with the page's API key: when the
 * server no longer takes the key (401: revoked, or mistyped in another tab), the page
 * forgets it and asks for one in el, with the server's reason. It reports whether it did.
 */
export function keyRefused(el, err) {
  if (err?.status !== 401 || !auth.key()) return false;
  auth.setKey(null);
  document.dispatchEvent(new CustomEvent('authchange'));
  keyGate(el, err.message);
  return true;
}

/**
 * keyGate asks for an instructor API key in el (authoring pages without one); a reason,
 * when given, says why the last key no longer works.
 */
export function keyGate(el, reason = '') {
  const gate = () => fill(el, reason ? h('p', { class: 'status error', role: 'alert', id: 'key-refused' }, t('signin.badkey', { msg: reason }))
    : h('p', { class: 'status info', role: 'status' }, t('signin.needkey')), signInForm('key', () => location.reload()));
  gate();
  document.addEventListener('langchange', gate);
}
