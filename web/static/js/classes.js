// Classes, for instructors (signed in with an API key): make a class, give its learners
// the join code or link, open or close it to new learners, see who joined by name, and
// follow the class as a cohort (GET/POST /v1/classes, /v1/classes/{id}/learners).
import { $, h, fill } from './dom.js';
import { t, lang } from './i18n.js';
import { boot, status, keyGate, keyRefused, ready } from './shell.js';
import { api, auth, listAll, ApiError, idempotencyKey } from './api.js';
import { markField } from './authorforms.js';

await boot('classes');
const statusEl = $('#status');
let classes = [];
let current = null; // {class, members}

if (!auth.key()) {
  keyGate($('#gate'));
  ready();
} else {
  init();
}

async function init() {
  $('#classes').hidden = false;
  $('#class-form').addEventListener('submit', (e) => { e.preventDefault(); create(); });
  document.addEventListener('langchange', () => { renderList(); renderDetail(); });
  try {
    classes = await listAll('/v1/classes', { as: 'author' }, 2);
  } catch (err) {
    if (keyRefused($('#gate'), err)) { $('#classes').hidden = true; ready(); return; }
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
  renderList();
  const wanted = Number(new URLSearchParams(location.hash.slice(1)).get('class'));
  const first = classes.find((c) => c.id === wanted) || classes[0];
  if (first) await open(first.id);
  ready();
}

async function create() {
  const input = $('#class-name');
  markField(input, input.value.trim() ? '' : t('form.err.required'));
  if (!input.value.trim()) { input.focus(); return; }
  try {
    const c = await api('/v1/classes', { method: 'POST', as: 'author', body: { name: input.value.trim() },
      headers: { 'Idempotency-Key': idempotencyKey() } });
    classes.push(c);
    input.value = '';
    renderList();
    await open(c.id);
  } catch (err) {
    if (err instanceof ApiError) for (const f of err.fields) if (f.field === 'name') markField(input, f.message);
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

function renderList() {
  fill($('#class-list'), classes.length ? classes.map((c) => h('li', {},
    h('button', { type: 'button', 'data-class': String(c.id), 'aria-current': current?.class.id === c.id ? 'true' : null, onclick: () => open(c.id) },
      h('span', {}, c.name),
      h('span', { class: 'meta' }, c.code, ' · ', t('classes.learners', { n: c.learners, max: c.max_learners })))))
    : h('li', { class: 'muted' }, t('classes.none')));
}

async function open(id) {
  try {
    const [c, members] = await Promise.all([
      api(`/v1/classes/${id}`, { as: 'author' }),
      api(`/v1/classes/${id}/learners`, { as: 'author' }),
    ]);
    current = { class: c, members: members.items };
    const i = classes.findIndex((x) => x.id === id);
    if (i >= 0) classes[i] = c;
    status(statusEl, '');
    history.replaceState(history.state, '', '#class=' + id);
    renderList();
    renderDetail();
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

async function setOpen(open) {
  try {
    current.class = await api(`/v1/classes/${current.class.id}`, { method: 'PATCH', as: 'author', body: { join_open: open } });
    renderList();
    renderDetail();
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

const when = (iso) => new Date(iso).toLocaleString(lang() === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function renderDetail() {
  if (!current) { fill($('#class-detail')); return; }
  const c = current.class;
  const link = h('input', { id: 'class-link', type: 'text', readonly: true, value: c.join_url });
  const copied = h('span', { class: 'muted', role: 'status' });
  fill($('#class-detail'),
    h('section', { class: 'card', 'aria-labelledby': 'class-h' },
      h('h2', { id: 'class-h' }, c.name),
      h('p', {}, t('classes.code'), ': ', h('strong', { class: 'join-code', id: 'class-code' }, c.code)),
      h('label', { for: 'class-link' }, t('classes.link')), link,
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'class-copy', onclick: async () => {
          try { await navigator.clipboard.writeText(c.join_url); copied.textContent = t('classes.copied'); } catch { link.select(); }
        } }, t('classes.copy')), copied),
      h('p', { id: 'class-state' }, t(c.join_open ? 'classes.open' : 'classes.closed'), ' · ',
        t('classes.learners', { n: c.learners, max: c.max_learners })),
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'class-toggle', onclick: () => setOpen(!c.join_open) }, t(c.join_open ? 'classes.close' : 'classes.reopen')),
        h('a', { href: '/app/cohort.html#class=' + c.id, id: 'class-cohort' }, t('classes.cohort')))),
    h('section', { class: 'card', 'aria-labelledby': 'members-h' },
      h('h2', { id: 'members-h' }, t('classes.members')),
      current.members.length ? h('ol', { id: 'class-members' }, current.members.map((m) => h('li', { 'data-learner': String(m.id) },
        m.name, ' ', h('span', { class: 'meta' }, t('classes.joined', { when: when(m.joined_at) })))))
        : h('p', { class: 'muted' }, t('classes.nomembers'))));
}
