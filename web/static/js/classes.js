// Classes, for instructors (signed in with an API key): make a class, give its learners
// the join code or link, open or close it to new learners, see who joined by name,
// give it assessments (questions, dates, attempts allowed), read its gradebook and
// download it as CSV, and follow the class as a cohort (/v1/classes and below).
import { $, h, fill } from './dom.js';
import { t, text, lang, questionMatches } from './i18n.js';
import { boot, status, keyGate, keyRefused, ready } from './shell.js';
import { api, auth, listAll, ApiError, idempotencyKey } from './api.js';
import { markField } from './authorforms.js';

await boot('classes');
const statusEl = $('#status');
let classes = [];
let current = null; // {class, members, assessments, gradebook}
let bank = null; // the published questions an assessment is made of, loaded on first use
let picked = new Set(); // the questions chosen for a new assessment
let qsearch = '';

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
    const [c, members, assessments, gradebook] = await Promise.all([
      api(`/v1/classes/${id}`, { as: 'author' }),
      api(`/v1/classes/${id}/learners`, { as: 'author' }),
      api(`/v1/classes/${id}/assessments`, { as: 'author' }),
      api(`/v1/classes/${id}/gradebook`, { as: 'author' }),
    ]);
    if (current?.class.id !== id) picked = new Set();
    current = { class: c, members: members.items, assessments: assessments.items, gradebook };
    if (!bank) bank = await listAll('/v1/questions?status=published', { as: 'author' }, 2);
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
        : h('p', { class: 'muted' }, t('classes.nomembers'))),
    assessmentsCard(),
    gradebookCard());
}

const title = (id) => text(bank?.find((q) => q.id === id)?.title) || '#' + id;

// assessmentsCard lists the class's assessments (closing an open one early) and the form
// that gives it a new one.
function assessmentsCard() {
  const list = current.assessments;
  return h('section', { class: 'card', 'aria-labelledby': 'assess-h' },
    h('h2', { id: 'assess-h' }, t('assess.title')),
    list.length ? h('ul', { class: 'versions-list', id: 'assessment-list' }, list.map((a) => h('li', { 'data-assessment': String(a.id) },
      h('strong', {}, a.title), ' ', h('span', { class: 'badge', 'data-state': a.state }, t('assess.state.' + a.state)), ' ',
      h('span', { class: 'meta' }, t('assess.dates', { opens: when(a.opens_at), closes: when(a.closes_at) }), ' · ',
        a.attempts_allowed ? t('assess.allowed', { n: a.attempts_allowed }) : t('assess.unlimited'), ' · ', a.question_ids.map(title).join(', ')),
      a.state === 'open' ? h('button', { type: 'button', class: 'close-now', onclick: () => closeNow(a) }, t('assess.closenow')) : null)))
      : h('p', { class: 'muted' }, t('assess.none')),
    assessmentForm());
}

// local renders a time for a datetime-local input (the browser's time zone).
const local = (d) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);

function assessmentForm() {
  const now = new Date();
  now.setSeconds(0, 0);
  const input = (id, label, attrs) => [h('label', { for: id }, label), h('input', { id, ...attrs })];
  const count = h('p', { class: 'muted', id: 'a-picked', 'aria-live': 'polite' }, t('assess.picked', { n: picked.size }));
  const box = h('ul', { class: 'choices', id: 'a-questions' });
  // The chosen questions, then the first of those the search finds (a dozen when nothing
  // is searched for, fifty at most).
  const choices = () => fill(box, [...(bank || []).filter((q) => picked.has(q.id)),
    ...(bank || []).filter((q) => !picked.has(q.id) && questionMatches(q, qsearch)).slice(0, qsearch ? 50 : 12)].map((q) => h('li', {},
    h('label', { for: 'aq-' + q.id }, h('input', { type: 'checkbox', id: 'aq-' + q.id, checked: picked.has(q.id), onchange: (e) => {
      if (e.target.checked) picked.add(q.id); else picked.delete(q.id);
      count.textContent = t('assess.picked', { n: picked.size });
    } }), ' ', text(q.title) || q.slug))));
  choices();
  return h('form', { id: 'assessment-form', novalidate: true, 'aria-labelledby': 'a-new-h', onsubmit: (e) => { e.preventDefault(); createAssessment(); } },
    h('h3', { id: 'a-new-h' }, t('assess.new')),
    input('a-title', t('assess.name'), { type: 'text', maxlength: '200', autocomplete: 'off' }),
    h('div', { class: 'row-3' },
      h('div', {}, input('a-opens', t('assess.opens'), { type: 'datetime-local', value: local(now) })),
      h('div', {}, input('a-closes', t('assess.closes'), { type: 'datetime-local', value: local(new Date(now.getTime() + 7 * 864e5)) })),
      h('div', {}, input('a-attempts', t('assess.attempts'), { type: 'number', min: '0', max: '100', value: '0' }))),
    h('fieldset', {}, h('legend', {}, t('assess.questions')),
      input('a-search', t('assess.search'), { type: 'search', autocomplete: 'off', value: qsearch,
        oninput: (e) => { qsearch = e.target.value.trim().toLowerCase(); choices(); } }),
      count, box),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', id: 'a-create' }, t('assess.create'))));
}

async function createAssessment() {
  const fields = { title: $('#a-title'), opens_at: $('#a-opens'), closes_at: $('#a-closes'), attempts_allowed: $('#a-attempts'), question_ids: $('#a-search') };
  for (const el of Object.values(fields)) markField(el, '');
  const iso = (v) => (v ? new Date(v).toISOString() : null);
  const body = { title: fields.title.value.trim(), opens_at: iso(fields.opens_at.value), closes_at: iso(fields.closes_at.value),
    attempts_allowed: Number(fields.attempts_allowed.value || 0), question_ids: [...picked] };
  const errs = {};
  if (!body.title) errs.title = t('form.err.required');
  if (!body.question_ids.length) errs.question_ids = t('assess.err.questions');
  const show = (errs) => {
    for (const [k, msg] of Object.entries(errs)) markField(fields[k.replace(/\[\d+\]$/, '')] || fields.title, msg);
    $('#assessment-form [aria-invalid=true]')?.focus();
  };
  if (Object.keys(errs).length) { show(errs); return; }
  try {
    const a = await api(`/v1/classes/${current.class.id}/assessments`, { method: 'POST', as: 'author', body, headers: { 'Idempotency-Key': idempotencyKey() } });
    picked = new Set();
    await open(current.class.id);
    status(statusEl, t('assess.created', { title: a.title }), 'ok');
  } catch (err) {
    if (err instanceof ApiError) show(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

async function closeNow(a) {
  try {
    await api(`/v1/assessments/${a.id}`, { method: 'PATCH', as: 'author', body: { closes_at: new Date().toISOString() } });
    await open(current.class.id);
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

// gradebookCard shows the class's gradebook: a row per learner, a column per assessment
// and the total; the CSV is the server's (GET .../gradebook?format=csv), downloaded with
// the key in its header.
function gradebookCard() {
  const g = current.gradebook;
  const pct = (x) => Math.round((x ?? 0) * 1000) / 10 + '%';
  return h('section', { class: 'card', 'aria-labelledby': 'gradebook-h' },
    h('h2', { id: 'gradebook-h' }, t('gradebook.title')),
    g.rows.length ? h('div', { class: 'table-scroll' }, h('table', { class: 'progress-table', id: 'gradebook' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('cohort.learner')),
        g.assessments.map((a) => h('th', { scope: 'col', class: 'num' }, a.title)), h('th', { scope: 'col', class: 'num' }, t('gradebook.total')))),
      h('tbody', {}, g.rows.map((r) => h('tr', { 'data-learner': String(r.learner_id) }, h('th', { scope: 'row' }, r.name),
        r.scores.map((sc) => h('td', { class: 'num' }, pct(sc))), h('td', { class: 'num' }, pct(r.total)))))))
      : h('p', { class: 'muted' }, t('gradebook.empty')),
    h('div', { class: 'actions' }, h('button', { type: 'button', id: 'gradebook-csv', onclick: downloadCSV }, t('gradebook.csv'))));
}

async function downloadCSV() {
  try {
    const res = await fetch(`/v1/classes/${current.class.id}/gradebook?format=csv`, { headers: { Authorization: 'Bearer ' + auth.key() }, credentials: 'omit', cache: 'no-store' });
    if (!res.ok) throw new Error((await res.json()).detail || res.statusText);
    const url = URL.createObjectURL(await res.blob());
    const a = h('a', { href: url, download: `gradebook-${current.class.name}.csv` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}
