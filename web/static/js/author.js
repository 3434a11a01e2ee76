// Authoring for instructors (signed in with an API key): read any published question
// whole and copy it to adapt it; edit a question's program, scenario (its traffic in a
// form), kind, parameters and hints (forms that check each field as it is typed) and
// texts in both languages; preview a variant in the visualiser (POST
// /v1/questions/{id}/preview, which simulates the working copy with the chosen parameter
// values); publish it as a new immutable version; read its statistics. Saves are
// conditional on the copy the author read (If-Match): another author's change is never
// overwritten.
import { $, h, fill, ms } from './dom.js';
import { t, text, questionMatches } from './i18n.js';
import { boot, status, keyGate, keyRefused, ready } from './shell.js';
import { api, auth, listAll, ApiError, idempotencyKey } from './api.js';
import { editor, setCode } from './editor.js';
import { Visualiser, tracesOfResult } from './visualiser.js';
import { renderTimeline } from './timeline.js';
import { paramsForm, hintsForm, clientsForm, fieldId } from './authorforms.js';
import { expectedText } from './result.js';

const KINDS = ['order', 'numeric', 'choice', 'multi-choice', 'trace', 'exercise'];
const FIELDS = { // API field name -> form control id
  slug: 'f-slug', topic: 'f-topic', kind: 'f-kind', difficulty: 'f-difficulty', module: 'f-module',
  title: 'f-title-en', prompt: 'f-prompt-en', program: 'f-program', scenario: 'f-scenario',
  spec: 'f-spec', explanation: 'f-expl-en',
};

boot('author');
const statusEl = $('#status');
const form = $('#form');
let program = null;
let questions = [];
let current = null; // the question view being edited (null: a new one)
let dirty = false;
let vis = null;
let lastStats = null; // the statistics shown, drawn again on a language change
let etag = null; // the ETag of the question as last read or saved (If-Match)
let params = null;
let hints = null;
let clients = null;
let search = ''; // words the listed questions' titles, slugs or topics must contain
let otherClients = {}; // the scenario's client settings the form does not show (closed loops, timeouts), kept as they are

if (!auth.key()) {
  keyGate($('#gate'));
  ready();
} else {
  $('#authoring').hidden = false;
  program = editor($('#f-program'));
  const changed = () => { dirty = true; renderPreviewInputs(); };
  params = paramsForm($('#f-params'), changed);
  hints = hintsForm($('#f-hints'), changed);
  clients = clientsForm($('#f-scenario-clients-requests'), $('#f-scenario-clients-open_loop'), changed);
  init();
}

async function init() {
  renderKinds();
  form.addEventListener('input', () => { dirty = true; });
  form.addEventListener('submit', (e) => { e.preventDefault(); save(); });
  $('#new').addEventListener('click', () => edit(null));
  $('#preview').addEventListener('click', preview);
  $('#publish').addEventListener('click', publish);
  $('#stats').addEventListener('click', stats);
  $('#copy').addEventListener('click', copy);
  $('#asearch').addEventListener('input', (e) => { search = e.target.value.trim().toLowerCase(); renderList(); });
  document.addEventListener('langchange', () => { renderKinds(); renderList(); renderHeader(); if (lastStats) renderStats(lastStats); });
  await loadList();
  edit(null);
  ready();
}

// renderKinds fills the kind choice in the page language; the value stays the API's name.
function renderKinds() {
  const sel = $('#f-kind');
  const cur = sel.value;
  const kinds = KINDS.includes(cur) || !cur ? KINDS : [...KINDS, cur];
  fill(sel, kinds.map((k) => h('option', { value: k }, t('kind.' + k))));
  sel.value = cur || 'order';
}

async function loadList() {
  try {
    questions = await listAll('/v1/questions', { as: 'author' }, 2);
  } catch (err) {
    if (keyRefused($('#gate'), err)) { $('#authoring').hidden = true; return; }
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
  renderList();
}

function renderList() {
  const shown = questions.filter((q) => questionMatches(q, search));
  const mine = shown.filter((q) => q.draft);
  const others = shown.filter((q) => !q.draft);
  if (!shown.length && search) { fill($('#qlist'), h('li', { class: 'muted' }, t('author.nomatch'))); return; }
  fill($('#qlist'), [...mine, ...others].map((q) => h('li', {},
    h('button', { type: 'button', 'data-slug': q.slug, 'aria-current': current?.id === q.id ? 'true' : null, onclick: () => open(q.id) },
      h('span', {}, text(q.title) || q.slug),
      h('span', { class: 'badges' }, h('span', { class: 'badge kind' }, t('kind.' + q.kind)), h('span', { class: 'badge', 'data-status': q.status }, t('status.' + q.status)),
        q.draft ? h('span', { class: 'badge' }, t('author.mine')) : null)))));
}

async function open(id) {
  try {
    const meta = {};
    const q = await api(`/v1/questions/${id}`, { as: 'author', meta });
    edit(q, meta.etag);
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

function renderHeader() {
  $('#qstatus').textContent = current ? t('author.status', { status: t('status.' + current.status), v: current.version }) + (current.draft ? '' : ' · ' + t('author.readonly')) : '';
}

const json = (v) => (v == null || (Array.isArray(v) && !v.length) ? '' : JSON.stringify(v, null, 2));

// edit fills the form from a question view: its working copy when the caller owns it,
// else its latest published version whole (instructors read every published question).
function edit(q, tag = null) {
  current = q;
  etag = tag;
  const c = q ? (q.draft || q.published || q) : { kind: 'order', difficulty: 1, module: 'cjs', title: {}, prompt: {}, explanation: {}, program: '' };
  $('#f-slug').value = q?.slug || '';
  $('#f-slug').readOnly = !!q;
  $('#f-topic').value = c.topic || '';
  if (![...$('#f-kind').options].some((o) => o.value === c.kind)) $('#f-kind').append(h('option', { value: c.kind }, t('kind.' + c.kind)));
  $('#f-kind').value = c.kind || 'order';
  $('#f-difficulty').value = String(c.difficulty || 1);
  $('#f-module').value = c.module || 'cjs';
  $('#f-title-en').value = c.title?.en || '';
  $('#f-title-vi').value = c.title?.vi || '';
  $('#f-prompt-en').value = c.prompt?.en || '';
  $('#f-prompt-vi').value = c.prompt?.vi || '';
  setCode(program, c.program || '');
  const { clients: cl, ...scenario } = c.scenario || {};
  const { requests, open_loop: openLoop, ...rest } = cl || {};
  otherClients = rest;
  $('#f-scenario').value = json(Object.keys(scenario).length ? scenario : null);
  clients.set({ requests, open_loop: openLoop });
  params.set(c.params);
  hints.set(c.hints);
  $('#f-spec').value = json(c.spec);
  $('#f-expl-en').value = c.explanation?.en || '';
  $('#f-expl-vi').value = c.explanation?.vi || '';
  const ro = !!q && !q.draft;
  for (const b of ['#save', '#publish']) $(b).disabled = ro;
  $('#copy').hidden = !q || !!q.draft || q.status !== 'published';
  $('#stats').disabled = !q;
  dirty = false;
  clearErrors();
  status(statusEl, '');
  fill($('#preview-out'));
  $('#vis').hidden = true;
  $('#timeline').hidden = true;
  fill($('#stats-out')).hidden = true;
  lastStats = null;
  renderHeader();
  renderList();
  renderPreviewInputs();
}

function clearErrors() {
  for (const el of form.querySelectorAll('[aria-invalid]')) { el.removeAttribute('aria-invalid'); el.removeAttribute('aria-describedby'); }
  for (const el of form.querySelectorAll('.field-error')) el.remove();
}

function fieldError(field, message) {
  const base = field.replace(/\[.*$/, '').split('.')[0];
  const el = document.getElementById(fieldId(field)) || $('#' + (FIELDS[base] || 'f-' + base));
  if (!el) return false;
  const id = el.id + '-err';
  el.setAttribute('aria-invalid', 'true');
  el.setAttribute('aria-describedby', id);
  const target = el.closest('.editor') || el;
  target.after(h('p', { class: 'field-error', id }, `${field}: ${message}`));
  return true;
}

function parseJSON(id, field, errors) {
  const raw = $('#' + id).value.trim();
  if (!raw) return undefined;
  try { return JSON.parse(raw); } catch (err) { errors.push({ field, message: t('author.badjson', { msg: err.message }) }); return undefined; }
}

// content reads the form; it returns null (and marks the fields) when JSON is invalid.
function content() {
  clearErrors();
  const errors = [];
  const c = {
    topic: $('#f-topic').value.trim(), kind: $('#f-kind').value, difficulty: Number($('#f-difficulty').value),
    module: $('#f-module').value,
    title: { en: $('#f-title-en').value.trim(), vi: $('#f-title-vi').value.trim() },
    prompt: { en: $('#f-prompt-en').value.trim(), vi: $('#f-prompt-vi').value.trim() },
    program: program.value,
    scenario: parseJSON('f-scenario', 'scenario', errors),
    params: params.value(),
    spec: parseJSON('f-spec', 'spec', errors),
    hints: hints.value(),
    explanation: { en: $('#f-expl-en').value.trim(), vi: $('#f-expl-vi').value.trim() },
  };
  const formsOK = [params.validate(), hints.validate(), clients.validate()].every(Boolean);
  const traffic = clients.value(otherClients);
  if (traffic) c.scenario = { ...(c.scenario || {}), clients: traffic };
  for (const k of ['params', 'hints']) if (!c[k].length) c[k] = undefined;
  if (errors.length) { showErrors(errors); return null; }
  if (!formsOK) {
    status(statusEl, t('author.fixerrors'), 'error');
    form.querySelector('[aria-invalid="true"]')?.focus();
    return null;
  }
  return c;
}

function showErrors(fields) {
  let marked = 0;
  for (const f of fields) if (fieldError(f.field, f.message)) marked++;
  if (marked) status(statusEl, t('author.fixerrors'), 'error');
  form.querySelector('[aria-invalid="true"]')?.focus();
}

function report(err) {
  if (err instanceof ApiError && err.status === 412) {
    status(statusEl, t('author.lost'), 'error');
  } else if (err instanceof ApiError && err.fields.length) {
    showErrors(err.fields);
    status(statusEl, err.message + ' ' + t('author.fixerrors'), 'error');
  } else status(statusEl, t('common.error', { msg: err.message }), 'error');
}

async function save() {
  const c = content();
  if (!c) return false;
  try {
    let q;
    const meta = {};
    if (!current) {
      const body = { slug: $('#f-slug').value.trim(), ...c };
      for (const k of ['scenario', 'params', 'spec', 'hints']) if (body[k] === undefined) delete body[k];
      q = await api('/v1/questions', { method: 'POST', as: 'author', body, meta, headers: { 'Idempotency-Key': idempotencyKey() } });
    } else {
      const patch = { ...c };
      for (const k of ['scenario', 'params', 'spec', 'hints']) if (patch[k] === undefined) patch[k] = null;
      q = await api(`/v1/questions/${current.id}`, { method: 'PATCH', as: 'author', body: patch, meta,
        headers: { 'Content-Type': 'application/merge-patch+json', ...(etag ? { 'If-Match': etag } : {}) } });
    }
    current = q;
    etag = meta.etag;
    dirty = false;
    const i = questions.findIndex((x) => x.id === q.id);
    if (i >= 0) questions[i] = q; else questions.unshift(q);
    $('#f-slug').readOnly = true;
    $('#stats').disabled = false;
    renderHeader();
    renderList();
    status(statusEl, t('author.saved'), 'ok');
    return true;
  } catch (err) {
    report(err);
    return false;
  }
}

// Preview values: one input per parameter, defaulting to its smallest value.
function renderPreviewInputs() {
  const box = $('#preview-inputs');
  const kept = previewValues();
  fill(box, params.value().filter((p) => p.name).map((p) => {
    const id = 'pv-' + p.name;
    const control = Array.isArray(p.choices) && p.choices.length
      ? h('select', { id, 'data-param': p.name }, p.choices.map((c) => h('option', { value: String(c) }, String(c))))
      : h('input', { id, 'data-param': p.name, type: 'number', min: String(p.min ?? ''), max: String(p.max ?? ''), value: String(p.min ?? 0) });
    if (kept[p.name] !== undefined) control.value = kept[p.name];
    return h('span', {}, h('label', { for: id }, `{{${p.name}}}`), control);
  }));
  $('#preview-vals').hidden = !box.children.length;
}

function previewValues() {
  const vals = {};
  for (const el of $('#preview-inputs').querySelectorAll('[data-param]')) vals[el.dataset.param] = el.value;
  return vals;
}

// preview saves the form when it changed (the preview simulates the saved working copy)
// and shows the variant with the chosen parameter values.
async function preview() {
  if (!content()) return;
  if ((!current || dirty) && !(await save())) return;
  status(statusEl, t('play.running'), 'info');
  try {
    const r = await api(`/v1/questions/${current.id}/preview`, { method: 'POST', as: 'author', body: { values: previewValues() } });
    status(statusEl, '');
    showPreview(r);
  } catch (err) {
    report(err);
  }
}

function showPreview(r) {
  const outs = r.outcomes || [];
  const steps = r.trace || [];
  fill($('#preview-out'), h('div', { class: 'card', id: 'preview-card' },
    h('h2', {}, t('author.preview')),
    r.error ? h('p', { class: 'status error', role: 'alert' }, t('play.simerror', { code: r.error.code, msg: r.error.message })) : null,
    h('p', { class: 'muted' }, t('play.outcomes', { n: outs.length }), r.summary ? ' · ' + t('play.summary', { t: ms(r.summary.end_time_us || 0), n: r.summary.loop_iterations ?? 0 }) : ''),
    h('ol', { class: 'outcomes' }, outs.map((o, i) => h('li', { class: 'outcome' },
      h('h3', {}, t('play.outcome', { n: i + 1 })),
      o.condition ? h('p', { class: 'help' }, text({ en: o.condition, vi: o.condition_vi })) : null,
      h('pre', {}, (o.stdout || []).join('\n'))))),
    r.expected != null ? h('details', { open: true }, h('summary', {}, t('practice.expected')), h('div', { class: 'expected', id: 'preview-expected' }, expectedText(r.expected))) : null));
  const el = $('#vis');
  el.hidden = !steps.length;
  const opts = { program: r.program, traces: tracesOfResult({ ...r, steps }), title: t('author.preview') };
  if (vis) vis.load(opts); else vis = new Visualiser(el, opts);
  renderTimeline($('#timeline'), r.summary);
}

async function publish() {
  if ((!current || dirty) && !(await save())) return;
  try {
    const v = await api(`/v1/questions/${current.id}/publish`, { method: 'POST', as: 'author',
      headers: { 'Idempotency-Key': idempotencyKey(), ...(etag ? { 'If-Match': etag } : {}) } });
    status(statusEl, t('author.published', { v: v.version }), 'ok');
    const meta = {};
    current = await api(`/v1/questions/${current.id}`, { as: 'author', meta });
    etag = meta.etag;
    const i = questions.findIndex((x) => x.id === current.id);
    if (i >= 0) questions[i] = current;
    renderHeader();
    renderList();
  } catch (err) {
    report(err);
  }
}

// copy makes the question open (a published one the instructor does not own) a draft of
// their own, and opens it for editing.
async function copy() {
  if (!current) return;
  try {
    const meta = {};
    const q = await api(`/v1/questions/${current.id}/copy`, { method: 'POST', as: 'author', meta, headers: { 'Idempotency-Key': idempotencyKey() } });
    questions.unshift(q);
    edit(q, meta.etag);
    status(statusEl, t('author.copied', { slug: q.slug }), 'ok');
  } catch (err) {
    report(err);
  }
}

async function stats() {
  if (!current) return;
  const id = current.id;
  const out = $('#stats-out');
  let s = null;
  let failed = null;
  try {
    s = await api(`/v1/questions/${id}/stats`, { as: 'author' });
  } catch (err) {
    failed = err;
  }
  if (current?.id !== id) return; // another question was opened meanwhile
  lastStats = s;
  if (s) renderStats(s);
  else fill(out, h('h2', { id: 'stats-h' }, t('author.stats')), h('p', { class: 'status error', role: 'alert' }, t('common.error', { msg: failed.message })));
  out.hidden = false;
}

// renderStats shows a question's statistics: how many attempts and learners, the mean
// score, the verdicts, the most common wrong answers and misconceptions.
function renderStats(s) {
  const pct = (x) => Math.round((x ?? 0) * 100) + '%';
  const figure = (key, value, label) => h('div', { class: 'figure', 'data-stat': key }, h('span', { class: 'value' }, value), h('span', { class: 'what' }, label));
  const answer = (raw) => (Array.isArray(raw) ? raw.map(String).join(' → ') : typeof raw === 'string' ? raw : JSON.stringify(raw));
  const wrong = s.wrong_answers || [];
  const tags = s.misconceptions || [];
  fill($('#stats-out'),
    h('h2', { id: 'stats-h' }, t('author.stats')),
    h('div', { class: 'figures' },
      figure('attempts', String(s.attempts ?? 0), t('stats.attempts')),
      figure('learners', String(s.learners ?? 0), t('stats.learners')),
      figure('mean', s.attempts ? pct(s.mean_score) : '—', t('stats.mean')),
      figure('correct', String(s.correct ?? 0), t('verdict.correct')),
      figure('partial', String(s.partial ?? 0), t('verdict.partial')),
      figure('incorrect', String(s.incorrect ?? 0), t('verdict.incorrect'))),
    h('h3', {}, t('stats.wrong')),
    wrong.length ? h('table', { class: 'progress-table', id: 'stats-wrong' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('stats.answer')), h('th', { scope: 'col', class: 'num' }, t('stats.count')), h('th', { scope: 'col', class: 'num' }, t('stats.mean')))),
      h('tbody', {}, wrong.map((w) => h('tr', {}, h('td', {}, h('code', {}, answer(w.answer))), h('td', { class: 'num' }, String(w.count)), h('td', { class: 'num' }, pct(w.mean_score))))))
      : h('p', { class: 'muted' }, t('stats.nowrong')),
    h('h3', {}, t('stats.misconceptions')),
    tags.length ? h('table', { class: 'progress-table', id: 'stats-misconceptions' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('stats.misconception')), h('th', { scope: 'col', class: 'num' }, t('stats.count')))),
      h('tbody', {}, tags.map((m) => h('tr', { 'data-tag': m.tag },
        h('td', {}, m.text ? text(m.text) : m.tag, m.text ? h('span', { class: 'meta' }, ' (', m.tag, ')') : null),
        h('td', { class: 'num' }, String(m.count))))))
      : h('p', { class: 'muted' }, t('stats.nomisconceptions')));
}
