// Authoring for instructors (signed in with an API key): read any published question
// whole and copy it to adapt it; edit every field of a question (program, scenario with
// its traffic in a form, kind, Node release, parameters, hints, misconceptions, source,
// texts in both languages), each checked as it is typed and every error the server
// finds shown on its field; preview a variant in the visualiser, or view it as a
// student sees it; publish it as a new immutable version, unpublish, archive, restore or
// delete it, read its versions and its statistics. Saves are conditional on the copy
// the author read (If-Match): another author's change is never overwritten; an edit not
// saved is never dropped without asking. A question the author may not edit (the bank's,
// another author's, an archived one, an old version) opens read-only.
import { $, h, fill, ms } from './dom.js';
import { t, text, lang, questionMatches } from './i18n.js';
import { boot, status, keyGate, keyRefused, ready } from './shell.js';
import { api, auth, listAll, ApiError, idempotencyKey } from './api.js';
import { editor, setCode, setReadOnly } from './editor.js';
import { Visualiser, tracesOfResult } from './visualiser.js';
import { renderTimeline } from './timeline.js';
import { paramsForm, hintsForm, clientsForm, misconceptionsForm, markField, controlOf } from './authorforms.js';
import { expectedText } from './result.js';
import { NODES, DEFAULT_NODE } from './nodes.js';

const KINDS = ['order', 'numeric', 'choice', 'multi-choice', 'trace', 'exercise'];
const FIELDS = { // API field name -> form control id, where the two differ
  title: 'f-title-en', prompt: 'f-prompt-en', explanation: 'f-expl-en', values: 'preview-inputs',
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
let misconceptions = null;
let version = null; // the number of an old version shown (read-only), null for the question itself
let archived = []; // the author's archived questions, listed on demand
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
  misconceptions = misconceptionsForm($('#f-misconceptions'), changed);
  init();
}

async function init() {
  renderKinds();
  renderNodes();
  form.addEventListener('input', () => { dirty = true; });
  form.addEventListener('submit', (e) => { e.preventDefault(); save(); });
  $('#new').addEventListener('click', () => leave(() => edit(null)));
  $('#preview').addEventListener('click', preview);
  $('#student').addEventListener('click', studentView);
  $('#publish').addEventListener('click', publish);
  $('#stats').addEventListener('click', stats);
  $('#copy').addEventListener('click', () => leave(copy));
  $('#unpublish').addEventListener('click', () => act('unpublish'));
  $('#archive').addEventListener('click', () => act('archive'));
  $('#restore').addEventListener('click', () => act('restore'));
  $('#delete').addEventListener('click', remove);
  $('#versions-show').addEventListener('click', showVersions);
  $('#show-archived').addEventListener('change', loadArchived);
  $('#asearch').addEventListener('input', (e) => { search = e.target.value.trim().toLowerCase(); renderList(); });
  // Leaving the page with an edit not saved: the browser asks first.
  addEventListener('beforeunload', (e) => { if (dirty) e.preventDefault(); });
  document.addEventListener('langchange', () => { renderKinds(); renderNodes(); renderList(); renderHeader(); if (lastStats) renderStats(lastStats); });
  await loadList();
  edit(null);
  ready();
}

// confirm asks a question in the page's dialog; it resolves true when the first choice
// (yes) is taken, false when the author keeps editing (the other button, or Escape).
function confirm(question, yes) {
  const dlg = $('#confirm');
  $('#confirm-text').textContent = question;
  $('#confirm-yes').textContent = yes;
  return new Promise((resolve) => {
    const done = (v) => { dlg.close(); resolve(v); };
    $('#confirm-yes').onclick = () => done(true);
    $('#confirm-no').onclick = () => done(false);
    dlg.oncancel = (e) => { e.preventDefault(); done(false); };
    dlg.showModal();
    $('#confirm-no').focus();
  });
}

// leave runs next (opening another question, a new one, a copy) once the edit open is
// saved or the author chose to drop it: an edit is never lost without asking.
async function leave(next) {
  if (dirty && !(await confirm(t('author.unsaved'), t('author.discard')))) return;
  dirty = false;
  next();
}

// renderNodes fills the Node release choice; a release the question names that is not a
// major (an exact version) stays a choice of its own.
function renderNodes(value) {
  const sel = $('#f-node');
  const cur = value || sel.value || DEFAULT_NODE;
  const opts = NODES.map(([major, v]) => h('option', { value: major }, major === DEFAULT_NODE ? t('author.node.default', { v }) : v));
  if (!NODES.some(([major, v]) => cur === major || cur === v)) opts.push(h('option', { value: cur }, cur));
  fill(sel, opts);
  sel.value = NODES.find(([, v]) => v === cur)?.[0] ?? cur;
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

// loadArchived lists the author's archived questions under the others, on demand.
async function loadArchived() {
  archived = [];
  if ($('#show-archived').checked) {
    try {
      archived = await listAll('/v1/questions?status=archived', { as: 'author' }, 2);
    } catch (err) {
      status(statusEl, t('common.error', { msg: err.message }), 'error');
    }
  }
  renderList();
}

function renderList() {
  const shown = [...questions, ...archived].filter((q) => questionMatches(q, search));
  const mine = shown.filter((q) => q.draft);
  const others = shown.filter((q) => !q.draft);
  if (!shown.length && search) { fill($('#qlist'), h('li', { class: 'muted' }, t('author.nomatch'))); return; }
  fill($('#qlist'), [...mine, ...others].map((q) => h('li', {},
    h('button', { type: 'button', 'data-slug': q.slug, 'aria-current': current?.id === q.id ? 'true' : null, onclick: () => leave(() => open(q.id)) },
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
  $('#qstatus').textContent = current ? t('author.status', { status: t('status.' + current.status), v: current.version }) : '';
  const note = readOnlyReason();
  $('#readonly-note').textContent = note;
  $('#readonly-note').hidden = !note;
}

// readOnlyReason says why the question open cannot be edited here ('' when it can).
function readOnlyReason() {
  if (!current) return '';
  if (version != null) return t('author.ro.version', { v: version });
  if (!current.draft) return t(current.bank ? 'author.ro.bank' : 'author.ro.other');
  if (current.status === 'archived') return t('author.ro.archived');
  return '';
}

// renderActions shows the buttons that apply to the question open: saving and
// publishing when it is editable, the steps of its life when it is the author's, a copy
// when it is someone else's published question.
function renderActions() {
  const mine = !!current?.draft && version == null;
  const ro = !!readOnlyReason();
  // Each control, not the fieldset: the code stays focusable (and scrollable by keyboard)
  // while read-only.
  for (const el of $('#f-fields').querySelectorAll('input, select, textarea, button')) el.disabled = ro;
  setReadOnly(program, ro);
  for (const b of ['#save', '#publish']) $(b).hidden = ro;
  $('#student').hidden = !current || version != null;
  $('#preview').hidden = version != null;
  const st = current?.status;
  $('#unpublish').hidden = !(mine && st === 'published');
  $('#archive').hidden = !(mine && ['draft', 'published', 'unpublished'].includes(st));
  $('#restore').hidden = !(mine && st === 'archived');
  $('#delete').hidden = !(mine && !current.bank);
  $('#versions-show').hidden = !(current && current.version > 0);
  $('#copy').hidden = !current || !!current.draft || current.status !== 'published';
  $('#stats').disabled = !current;
}

const json = (v) => (v == null || (Array.isArray(v) && !v.length) ? '' : JSON.stringify(v, null, 2));

// edit fills the form from a question view: its working copy when the caller owns it,
// else its latest published version whole (instructors read every published question);
// with an old version's content (shown), that version, read-only.
function edit(q, tag = null, shown = null) {
  current = q;
  etag = tag;
  version = shown ? shown.version : null;
  const c = shown ? shown.content : q ? (q.draft || q.published || q) : { kind: 'order', difficulty: 1, module: 'cjs', node: DEFAULT_NODE, title: {}, prompt: {}, explanation: {}, program: '' };
  $('#f-slug').value = q?.slug || '';
  $('#f-slug').readOnly = !!q;
  $('#f-topic').value = c.topic || '';
  if (![...$('#f-kind').options].some((o) => o.value === c.kind)) $('#f-kind').append(h('option', { value: c.kind }, t('kind.' + c.kind)));
  $('#f-kind').value = c.kind || 'order';
  $('#f-difficulty').value = String(c.difficulty || 1);
  $('#f-module').value = c.module || 'cjs';
  renderNodes(c.node || DEFAULT_NODE);
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
  misconceptions.set(c.misconceptions);
  $('#f-source-seed').value = c.source?.seed || '';
  $('#f-source-section').value = c.source?.section || '';
  $('#f-source-quote').value = c.source?.quote || '';
  dirty = false;
  clearErrors();
  status(statusEl, '');
  fill($('#preview-out'));
  $('#vis').hidden = true;
  $('#timeline').hidden = true;
  fill($('#stats-out')).hidden = true;
  fill($('#versions')).hidden = !shown;
  $('#student-out').hidden = true;
  if (shown) renderVersionNote();
  lastStats = null;
  renderHeader();
  renderActions();
  renderList();
  renderPreviewInputs();
}

function clearErrors() {
  for (const el of form.querySelectorAll('[aria-invalid]')) { el.removeAttribute('aria-invalid'); el.removeAttribute('aria-describedby'); }
  for (const el of form.querySelectorAll('.field-error')) el.remove();
}

// fieldError shows a server's message on the control of its field (the field's own, or
// the nearest part of the form it belongs to); it reports whether it found one.
function fieldError(field, message) {
  const el = controlOf(form, field, (base) => $('#' + (FIELDS[base] || 'f-' + base)));
  if (!el) return false;
  const id = el.id + '-err';
  const prior = form.querySelector('#' + CSS.escape(id));
  const msg = (prior ? prior.textContent + ' · ' : '') + `${field}: ${message}`;
  if (prior) prior.remove();
  if (el.closest('.editor')) { // the code editor: the message goes under the whole editor
    el.setAttribute('aria-invalid', 'true');
    el.setAttribute('aria-describedby', id);
    el.closest('.editor').after(h('p', { class: 'field-error', id }, msg));
  } else markField(el, msg);
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
    node: $('#f-node').value,
    misconceptions: misconceptions.value(),
    source: sourceValue(),
  };
  const formsOK = [params.validate(), hints.validate(), clients.validate(), misconceptions.validate()].every(Boolean);
  const traffic = clients.value(otherClients);
  if (traffic) c.scenario = { ...(c.scenario || {}), clients: traffic };
  for (const k of ['params', 'hints', 'misconceptions']) if (!c[k].length) c[k] = undefined;
  if (errors.length) { showErrors(errors); return null; }
  if (!formsOK) {
    status(statusEl, t('author.fixerrors'), 'error');
    form.querySelector('[aria-invalid="true"]')?.focus();
    return null;
  }
  return c;
}

// sourceValue is the source fields as the API takes them (null: none).
function sourceValue() {
  const src = { seed: $('#f-source-seed').value.trim(), section: $('#f-source-section').value.trim(), quote: $('#f-source-quote').value.trim() };
  if (!src.seed && !src.section && !src.quote) return null;
  if (!src.quote) delete src.quote;
  return src;
}

// showErrors marks every field the errors name and says so; an error that names no field
// of the form is said in the message itself, never left for the author to guess.
function showErrors(fields, message = '') {
  const unmarked = fields.filter((f) => !fieldError(f.field, f.message));
  const rest = unmarked.map((f) => `${f.field}: ${f.message}`).join('; ');
  const marked = unmarked.length < fields.length;
  status(statusEl, [message, marked ? t('author.fixerrors') : '', rest].filter(Boolean).join(' '), 'error');
  form.querySelector('[aria-invalid="true"]')?.focus();
}

function report(err) {
  if (err instanceof ApiError && err.status === 412) {
    status(statusEl, t('author.lost'), 'error');
  } else if (err instanceof ApiError && err.fields.length) {
    showErrors(err.fields, err.message);
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
      for (const k of ['scenario', 'params', 'spec', 'hints', 'misconceptions', 'source']) if (body[k] == null) delete body[k];
      q = await api('/v1/questions', { method: 'POST', as: 'author', body, meta, headers: { 'Idempotency-Key': idempotencyKey() } });
    } else {
      const patch = { ...c };
      for (const k of ['scenario', 'params', 'spec', 'hints', 'misconceptions', 'source']) if (patch[k] === undefined) patch[k] = null;
      q = await api(`/v1/questions/${current.id}`, { method: 'PATCH', as: 'author', body: patch, meta,
        headers: { 'Content-Type': 'application/merge-patch+json', ...(etag ? { 'If-Match': etag } : {}) } });
    }
    current = q;
    etag = meta.etag;
    dirty = false;
    const i = questions.findIndex((x) => x.id === q.id);
    if (i >= 0) questions[i] = q; else questions.unshift(q);
    $('#f-slug').readOnly = true;
    renderHeader();
    renderActions();
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
    replace(current);
  } catch (err) {
    report(err);
  }
}

// replace puts a question as the server now has it into the list and the header.
function replace(q) {
  const i = questions.findIndex((x) => x.id === q.id);
  if (i >= 0) questions[i] = q; else questions.unshift(q);
  archived = archived.filter((x) => x.id !== q.id);
  if (q.status === 'archived') { questions = questions.filter((x) => x.id !== q.id); if ($('#show-archived').checked) archived.unshift(q); }
  renderHeader();
  renderActions();
  renderList();
}

// act takes a step in the question's life (unpublish, archive, restore).
async function act(step) {
  if (dirty && !(await confirm(t('author.unsaved'), t('author.discard')))) return;
  try {
    const meta = {};
    const q = await api(`/v1/questions/${current.id}/${step}`, { method: 'POST', as: 'author', meta });
    edit(q, meta.etag);
    replace(q);
    status(statusEl, t('author.did.' + step), 'ok');
  } catch (err) {
    report(err);
  }
}

// remove deletes the question open, once the author confirms: gone when nobody answered
// it, withdrawn for good (its attempts kept) when someone did.
async function remove() {
  if (!(await confirm(t('author.delete.ask', { title: text(current.title) || current.slug }), t('author.delete')))) return;
  try {
    const r = await api(`/v1/questions/${current.id}`, { method: 'DELETE', as: 'author' });
    questions = questions.filter((x) => x.id !== current.id);
    archived = archived.filter((x) => x.id !== current.id);
    edit(null);
    status(statusEl, t(r.removed ? 'author.deleted' : 'author.withdrawn'), 'ok');
  } catch (err) {
    report(err);
  }
}

// showVersions lists the question's published versions; each opens read-only.
async function showVersions() {
  try {
    const { items } = await api(`/v1/questions/${current.id}/versions`, { as: 'author' });
    const when = (iso) => new Date(iso).toLocaleString(lang() === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    fill($('#versions'), h('h2', { id: 'versions-h' }, t('author.versions')),
      h('ul', { class: 'versions-list', id: 'versions-list' }, items.slice().reverse().map((v) => h('li', {},
        h('button', { type: 'button', 'data-version': String(v.version), onclick: () => leave(() => openVersion(v.version)) },
          t('author.version', { v: v.version }), ' · ', when(v.created_at), v.current ? ' · ' + t('author.current') : '')))));
    $('#versions').hidden = false;
  } catch (err) {
    report(err);
  }
}

// openVersion shows an old version in the form, read-only.
async function openVersion(n) {
  try {
    const v = await api(`/v1/questions/${current.id}/versions/${n}`, { as: 'author' });
    edit(current, etag, v);
  } catch (err) {
    report(err);
  }
}

function renderVersionNote() {
  const q = current;
  fill($('#versions'), h('h2', { id: 'versions-h' }, t('author.version', { v: version })),
    h('p', {}, h('button', { type: 'button', id: 'versions-back', onclick: () => open(q.id) }, t('author.back'))));
}

// studentView shows the question, saved first when it changed, as a learner gets it: the
// practice page in preview mode, with the instructor's key, in a frame.
async function studentView() {
  if (!content()) return;
  if ((!current || dirty) && !(await save())) return;
  const frame = $('#student-frame');
  frame.src = `/app/practice.html#preview=${current.id}&lang=${lang()}&n=${Date.now()}`;
  $('#student-out').hidden = false;
  $('#student-out').scrollIntoView({ block: 'start' });
}

// copy makes the question open (a published one the instructor does not own) a draft of
// their own, and opens it for editing.
async function copy() {
  if (!current) return;
  try {
    const meta = {};
    const q = await api(`/v1/questions/${current.id}/copy`, { method: 'POST', as: 'author', meta, headers: { 'Idempotency-Key': idempotencyKey() } });
    edit(q, meta.etag);
    replace(q);
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
