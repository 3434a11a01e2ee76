// Practice: choose a topic or what is due, answer the learner's variant with the control
// its kind needs, read the grade, step through the trace from where the answer went
// wrong, ask for a hint, see progress by topic and the streak. An LMS link to a set of
// questions (#set=ID,ID,…) opens set mode: the page walks through the set's questions
// and shows the set's score as the course gradebook receives it. A link to a step of an
// attempt's trace (#attempt=ID&outcome=K&step=N, the visualiser's "Link to this step")
// opens that attempt's result with the visualiser at that step.
import { $, h, fill, reveal } from './dom.js';
import { t, text, lang, topicName, questionMatches } from './i18n.js';
import { boot, status, signInForm, ready } from './shell.js';
import { api, auth, listAll, idempotencyKey, ApiError, takeFromFragment } from './api.js';
import { editor, codeBlock, markErrors } from './editor.js';
import { orderList } from './orderlist.js';
import { Visualiser, tracesOfAttempt } from './visualiser.js';
import { renderTimeline } from './timeline.js';
import { renderResult as drawResult, paragraphs, inlineCode } from './result.js';
import { startGuest, pendingClaim, claimGuest, forgetGuest } from './guest.js';
import { guestLimitGate } from './joinform.js';

await boot('practice'); // the learner is known once the server has said whom the token is for
// An LMS launch names its question or its set; a step link, an attempt and its step.
// The authoring page's "View as a student" opens a question's preview (#preview=ID).
// A class's assessment opens as a set that names it (#set=…&assessment=ID): its answers are made for it.
const launch = takeFromFragment('question', 'set', 'set_title', 'assessment', 'attempt', 'outcome', 'step', 'preview');
const launched = Number(launch.question) || null;
const statusEl = $('#status');
let learner = auth.learnerId();
const SET_KEY = 'looplab.set';
let set = null; // {learner, ids, title} in set mode
let questions = [];
let attempts = [];
let current = null; // {q, variant, widget, hints, hintsShown, attempt, generated: {seed} for another like this}
let progress = null; // the learner's progress from the server
let path = null; // the learning path with the learner's standing on each step
let vis = null;
let topic = '__all';
let search = ''; // words the titles and topics must contain
let kindFilter = ''; // a kind, or '' for all
// Where the layout stacks (a phone, a narrow window) the list of questions comes before
// the question: there it is folded away behind a button that says how many there are.
const stacked = matchMedia('(max-width: 900px)');
let listOpen = !stacked.matches;
let listCount = 0;

init();

// init signs in: a token that came with the link or was pasted, else (a first visit, or
// a return visit) this browser's guest, made on demand; a token the server dropped as no
// longer valid shows why, with the choice to practise as a guest instead.
async function init() {
  if (launch.preview && auth.key()) { await openPreview(Number(launch.preview)); return; }
  let refused = null; // the server's refusal of a guest (too many from this address)
  if (learner == null && !auth.expired()) {
    try {
      await startGuest();
      learner = auth.learnerId();
      document.dispatchEvent(new CustomEvent('authchange'));
    } catch (err) {
      if (err.status === 429) refused = err;
      else status(statusEl, t('guest.failed', { msg: err.message }), 'error');
    }
  }
  if (learner == null) {
    showGate(refused);
    ready();
    return;
  }
  set = launchedSet(launch);
  $('#practice').hidden = false;
  start();
}

// openPreview shows a question as a learner gets it, for its author (the authoring
// page's "View as a student", which frames this page with the instructor's key): one
// variant of the working copy (POST /v1/questions/{id}/preview), answerable by nobody.
async function openPreview(id) {
  document.body.classList.add('previewing');
  try {
    const r = await api(`/v1/questions/${id}/preview`, { method: 'POST', as: 'author', body: {} });
    current = { q: { id }, hints: [], hintsShown: 0, variant: { kind: r.kind, title: r.title, prompt: r.prompt, program: r.program,
      presentation: r.presentation, params: r.values, node: r.node, attempt_no: 1, hints_total: r.hints.length } };
    $('#practice').hidden = false;
    renderQuestion();
    for (const b of ['#submit', '#hint']) $(b).disabled = true;
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
  ready();
}

// showGate asks for a learner token, saying why when the last one is no longer valid;
// when the server refused a guest, it says why and offers the ways in that are not
// limited (joining a class with its code, a learner token).
function showGate(refused = null) {
  $('#practice').hidden = true;
  const gate = () => refused ? fill($('#gate'), guestLimitGate(refused, () => location.reload())) : fill($('#gate'),
    auth.expired() ? h('p', { class: 'status error', role: 'alert', id: 'expired' }, t('auth.expired'))
      : h('p', { class: 'status info', role: 'status' }, t('signin.needlearner')),
    h('p', {}, h('button', { type: 'button', class: 'primary', id: 'as-guest', onclick: () => { auth.signOut(); location.reload(); } }, t('guest.start'))),
    signInForm('token', () => location.reload()));
  gate();
  document.addEventListener('langchange', gate);
}

// offerClaim asks a learner who arrived with their own token (an LMS launch) whether the
// practice this browser did as a guest should join their history.
function offerClaim() {
  const guest = pendingClaim();
  const box = $('#claim');
  if (guest == null) { fill(box).hidden = true; return; }
  const draw = () => fill(box, h('p', {}, t('guest.claim', { id: guest })),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', id: 'claim-yes', onclick: async () => {
        try {
          const r = await claimGuest();
          fill(box, h('p', { class: 'status ok', role: 'status' }, t('guest.claimed', { n: r.attempts })));
          attempts = await listAll('/v1/attempts', { as: 'learner' }, 2);
          renderList(); renderSet(); renderProgress();
        } catch (err) { status(statusEl, t('common.error', { msg: err.message }), 'error'); }
      } }, t('guest.claim.yes')),
      h('button', { type: 'button', id: 'claim-no', onclick: () => { forgetGuest(); fill(box).hidden = true; } }, t('guest.claim.no'))));
  draw();
  box.hidden = false;
}

async function start() {
  try {
    [questions, attempts] = await Promise.all([
      listAll('/v1/questions', { as: 'learner' }),
      listAll('/v1/attempts', { as: 'learner' }, 2),
    ]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) { showGate(); ready(); return; }
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
  $('#qlist-toggle').addEventListener('click', () => { listOpen = !listOpen; drawListToggle(); });
  stacked.addEventListener('change', () => { listOpen = !stacked.matches; drawListToggle(); });
  $('#qsearch').addEventListener('input', (e) => { search = e.target.value.trim().toLowerCase(); renderList(); });
  $('#kind-filter').addEventListener('change', (e) => { kindFilter = e.target.value; renderList(); });
  $('#topic').addEventListener('change', (e) => {
    topic = e.target.value;
    if (topic === '__due') loadDue(); else renderList();
  });
  renderTopics();
  renderList();
  renderSet();
  offerClaim();
  await renderProgress();
  if (launch.attempt) await openAttempt(Number(launch.attempt), Number(launch.outcome) || 1, Number(launch.step) || 1);
  else if (launched) await loadQuestion(launched);
  else if (set) await loadQuestion(nextInSet(null));
  else { topic = '__due'; renderTopics(); await loadDue(); } // the learner's next step on the path
  document.addEventListener('langchange', () => {
    renderTopics(); renderList(); renderSet(); drawProgress(); drawPath(); renderLesson();
    if (current?.variant) renderQuestion(true);
    if (current?.attempt) { renderResult(); lockAnswer(true); }
  });
  ready();
}

function best() {
  const m = new Map();
  for (const a of attempts) m.set(a.question_id, Math.max(m.get(a.question_id) ?? 0, a.score ?? 0));
  return m;
}

// launchedSet is the set of questions an LMS link opened (#set=ID,ID,…&set_title=…). It
// is kept in sessionStorage for this learner, so a reload stays in set mode; the launch
// of a single question leaves set mode.
function launchedSet(frag) {
  if (frag.set) {
    const ids = frag.set.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const s = ids.length ? { learner, ids, title: frag.set_title || '', assessment: Number(frag.assessment) || null } : null;
    saveSet(s);
    return s;
  }
  if (frag.question) { saveSet(null); return null; }
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(SET_KEY) || 'null'); } catch { saved = null; }
  return saved && saved.learner === learner && Array.isArray(saved.ids) && saved.ids.length ? saved : null;
}

function saveSet(s) {
  try { if (s) sessionStorage.setItem(SET_KEY, JSON.stringify(s)); else sessionStorage.removeItem(SET_KEY); } catch { /* storage off */ }
}

// setStanding is the learner's standing on the set, as the gradebook computes it: the
// questions with an attempt, and the mean over the set of the best score (0 if none).
function setStanding() {
  const b = best();
  const answered = set.ids.filter((id) => b.has(id)).length;
  const score = set.ids.reduce((sum, id) => sum + (b.get(id) ?? 0), 0) / set.ids.length;
  return { answered, score };
}

// nextInSet returns the first question after `from` (an id; null: from the start), in the
// set's order and wrapping around, that has no attempt yet; else simply the next one.
function nextInSet(from) {
  const b = best();
  const n = set.ids.length;
  const start = from == null ? -1 : set.ids.indexOf(from);
  for (let k = 1; k <= n; k++) {
    const id = set.ids[(start + k + n) % n];
    if (!b.has(id)) return id;
  }
  return set.ids[(start + 1 + n) % n];
}

// renderSet shows, in set mode, the set's name, how its grade is made and the learner's
// standing.
function renderSet() {
  const box = $('#set-box');
  box.hidden = !set;
  if (!set) return;
  const { answered, score } = setStanding();
  const pct = Math.round(score * 100);
  const done = answered === set.ids.length;
  fill(box,
    h('h3', { id: 'set-title' }, set.title ? t('set.title', { name: set.title }) : t('set.untitled')),
    h('p', { class: 'help' }, t('set.help')),
    h('p', { class: 'status ' + (done ? 'ok' : 'info'), id: 'set-progress', role: 'status', 'data-answered': String(answered), 'data-score': String(pct) },
      done ? t('set.done', { s: pct }) : t('set.progress', { n: answered, of: set.ids.length, s: pct })),
    h('button', { type: 'button', class: 'link', id: 'leave-set', onclick: leaveSet }, t('set.leave')));
}

function leaveSet() {
  set = null;
  saveSet(null);
  renderTopics();
  renderList();
  renderSet();
}

function nextQuestion() {
  if (set) { loadQuestion(nextInSet(current.q.id)); return; }
  topic = '__due';
  renderTopics();
  loadDue();
}

function renderTopics() {
  $('#topic-box').hidden = !!set;
  $('#filter-box').hidden = !!set;
  const sel = $('#topic');
  const topics = [...new Set(questions.map((q) => q.topic))].sort((a, b) => topicName(a).localeCompare(topicName(b), lang()));
  fill(sel, h('option', { value: '__due' }, t('practice.due')), h('option', { value: '__all' }, t('practice.all')),
    topics.map((tp) => h('option', { value: tp }, topicName(tp))));
  sel.value = topic;
  const kinds = [...new Set(questions.map((q) => q.kind))].sort();
  fill($('#kind-filter'), h('option', { value: '' }, t('practice.allkinds')), kinds.map((k) => h('option', { value: k }, t('kind.' + k))));
  $('#kind-filter').value = kindFilter;
}

// matches tells whether a question passes the search words and the kind filter.
function matches(q) {
  return (!kindFilter || q.kind === kindFilter) && questionMatches(q, search);
}

function renderList() {
  const list = $('#qlist');
  const shown = set
    ? set.ids.map((id) => questions.find((q) => q.id === id) || { id, title: '#' + id, topic: '', kind: '', difficulty: 0, slug: '' })
    : questions.filter((q) => (topic === '__all' || topic === '__due' || q.topic === topic) && matches(q));
  const b = best();
  listCount = shown.length;
  drawListToggle();
  $('#qcount').textContent = set ? '' : t('practice.count', { n: shown.length, of: questions.length });
  if (!shown.length) { fill(list, h('li', { class: 'muted' }, t(!set && (search || kindFilter) ? 'practice.nomatch' : 'practice.none'))); return; }
  fill(list, shown.map((q) => h('li', {},
    h('button', { type: 'button', 'data-slug': q.slug, 'data-id': String(q.id), 'aria-current': current?.q.id === q.id ? 'true' : null, onclick: () => loadQuestion(q.id) },
      h('span', {}, text(q.title)),
      h('span', { class: 'badges' },
        q.kind ? h('span', { class: 'badge kind' }, t('kind.' + q.kind)) : null,
        q.topic ? h('span', { class: 'badge' }, topicName(q.topic)) : null,
        q.difficulty ? h('span', { class: 'badge' }, t('practice.difficulty', { d: q.difficulty })) : null,
        b.has(q.id) ? h('span', { class: 'badge' }, t('practice.best', { s: Math.round(b.get(q.id) * 100) }))
          : set ? h('span', { class: 'badge todo' }, t('set.todo')) : null)))));
}

// drawListToggle shows or folds the list of questions; the button is there only where
// the layout stacks.
function drawListToggle() {
  const btn = $('#qlist-toggle');
  btn.hidden = !stacked.matches;
  btn.setAttribute('aria-expanded', String(listOpen));
  btn.textContent = t(listOpen ? 'practice.hidelist' : 'practice.showlist', { n: listCount });
  const folded = stacked.matches && !listOpen;
  $('#qlist').hidden = folded;
  $('#filter-box').hidden = folded || !!set; // the search and the filters fold with the list
  $('#qcount').hidden = folded;
}

// loadDue opens what the scheduler says to practise now: the first of the learner's next
// questions (due reviews first, then new questions from the weakest topic).
async function loadDue() {
  let id = null;
  try {
    const r = await api(`/v1/learners/${learner}/next?limit=1`, { as: 'learner' });
    id = r.items?.[0]?.question_id ?? null;
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
    return;
  }
  renderList();
  if (id != null) await loadQuestion(id);
  else status(statusEl, t('practice.none'), 'info');
}

let loading = 0; // the latest loadQuestion: an earlier one that answers later is dropped

async function loadQuestion(id) {
  const mine = ++loading;
  status(statusEl, t('common.loading'), 'info');
  try {
    const variant = await api(`/v1/questions/${id}/variant`, { as: 'learner' });
    if (mine !== loading) return;
    const q = questions.find((x) => x.id === id) || { id, topic: '', kind: variant.kind, difficulty: 0, title: variant.title };
    // Trying the same question again keeps the hints already opened (they count as used).
    const hints = variant.hints || [];
    const kept = current?.q.id === id ? Math.min(current.hintsShown, hints.length) : 0;
    current = { q, variant, widget: null, hints, hintsShown: kept, attempt: null };
    if (stacked.matches) listOpen = false; // the question, not the list, comes next on the screen
    status(statusEl, '');
    $('#result').hidden = true;
    $('#vis').hidden = true;
    $('#timeline').hidden = true;
    renderQuestion(false);
    renderLesson();
    renderList();
    $('#q-title')?.focus();
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

// renderQuestion draws the question card; keep preserves the answer being built.
function renderQuestion(keep) {
  const { q, variant } = current;
  const pres = variant.presentation || {};
  const kept = keep && current.widget ? current.widget.value() : null;
  const params = Object.entries(variant.params || {});
  const answerBox = h('div', { class: 'answer' });
  const form = h('form', { id: 'answer-form', 'aria-labelledby': 'answer-h', onsubmit: (e) => { e.preventDefault(); submit(); } },
    h('h3', { id: 'answer-h' }, t('practice.answer')),
    answerBox,
    h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'submit' }, t('practice.submit')),
      h('button', { type: 'button', id: 'hint', onclick: hint }, t('practice.hint'))),
    h('div', { id: 'hints', 'aria-live': 'polite' }));
  const kind = variant.kind;
  const showProgram = kind !== 'exercise' && variant.program; // an exercise's program is the answer
  fill($('#question'),
    h('h2', { id: 'q-title', tabindex: '-1' }, text(variant.title)),
    h('p', { class: 'badges' },
      h('span', { class: 'badge kind' }, t('kind.' + kind)),
      q.topic ? h('span', { class: 'badge' }, topicName(q.topic)) : null,
      current.generated ? h('span', { class: 'badge', id: 'generated-badge' }, t('another.badge'))
        : h('span', { class: 'badge' }, t('practice.attempt', { n: variant.attempt_no })),
      variant.node ? h('span', { class: 'badge node', title: t('practice.node.title', { v: variant.node }) }, t('practice.node', { v: variant.node })) : null),
    h('p', { class: 'prompt' }, inlineCode(text(variant.prompt))),
    params.length ? h('p', { class: 'muted', id: 'params', 'data-params': JSON.stringify(variant.params) },
      t('practice.params', { p: params.map(([k, v]) => `${k} = ${v}`).join(', ') })) : null,
    showProgram ? h('h3', {}, t('practice.program')) : null,
    showProgram ? codeBlock(variant.program, t('practice.program')) : null,
    form);
  $('#question').hidden = false;
  $('#question').dataset.id = String(q.id);
  current.widget = answerWidget(answerBox, kind, pres, variant, kept);
  renderHints();
}

function answerWidget(box, kind, pres, variant, kept) {
  const options = pres.options || null;
  if (kind === 'order' && Array.isArray(pres.lines)) return orderList(box, kept || pres.lines);
  if (kind === 'numeric') {
    const input = h('input', { id: 'answer-number', type: 'number', step: 'any', inputmode: 'decimal', required: true, value: kept ?? '' });
    fill(box, h('label', { for: 'answer-number' }, t('numeric.label') + (pres.unit ? ` (${pres.unit})` : '')), input);
    return { value: () => (input.value === '' ? null : Number(input.value)) };
  }
  if (Array.isArray(options) || (kind === 'trace' && Array.isArray(pres.phases))) {
    // choice and multi-choice: options {id, text}; a trace question about a phase: names.
    const opts = options || pres.phases.map((p) => ({ id: p, text: p }));
    const multi = kind === 'multi-choice' || pres.multiple === true;
    const keyOf = (o, i) => (o && typeof o === 'object' ? (o.id ?? i) : o);
    const labelOf = (o) => (o && typeof o === 'object' ? text(o.text ?? o.label ?? o.id) : String(o));
    const inputs = opts.map((o, i) => h('input', { type: multi ? 'checkbox' : 'radio', name: 'choice', value: String(keyOf(o, i)), id: 'opt-' + i,
      checked: Array.isArray(kept) ? kept.includes(keyOf(o, i)) : kept === keyOf(o, i) }));
    fill(box, h('fieldset', {}, h('legend', {}, t(multi ? 'choice.many' : 'choice.label')),
      h('ul', { class: 'choices' }, opts.map((o, i) => h('li', {}, h('label', { for: 'opt-' + i }, inputs[i], labelOf(o)))))));
    return {
      value: () => {
        const picked = inputs.map((inp, i) => (inp.checked ? keyOf(opts[i], i) : null)).filter((v) => v !== null);
        return multi ? picked : (picked[0] ?? null);
      },
    };
  }
  if (kind === 'trace' && Array.isArray(pres.candidates)) return queueBuilder(box, pres.candidates, kept);
  if (kind === 'trace') {
    const input = h('input', { id: 'answer-number', type: 'number', min: '0', max: pres.threads != null ? String(pres.threads) : null, step: '1', value: kept ?? '' });
    fill(box, h('label', { for: 'answer-number' }, t('numeric.label')), input);
    return { value: () => (input.value === '' ? null : Math.round(Number(input.value))) };
  }
  if (kind === 'exercise') {
    const ta = h('textarea', { id: 'answer-code', rows: '14' });
    ta.value = kept ?? variant.program ?? '';
    fill(box,
      Array.isArray(pres.checks) && pres.checks.length ? h('div', {}, h('p', {}, t('exercise.checks')), h('ul', { class: 'checks' }, pres.checks.map((c) => h('li', {}, text(c))))) : null,
      h('label', { for: 'answer-code' }, t('exercise.label')), ta);
    editor(ta);
    return { value: () => ta.value };
  }
  const ta = h('textarea', { id: 'answer-json', rows: '4', value: kept ? JSON.stringify(kept) : '' });
  fill(box, h('label', { for: 'answer-json' }, t('json.label')), ta);
  return { value: () => { try { return JSON.parse(ta.value); } catch { return ta.value; } } };
}

// queueBuilder answers "what is in this queue, in order": add labels from the
// candidates, then order or remove them. Every change draws the lists again and puts the
// focus back on the equivalent control, so a keyboard user keeps their place.
function queueBuilder(box, candidates, kept) {
  let picked = Array.isArray(kept) ? kept.slice() : [];
  const list = h('ol', { class: 'order', id: 'queue-answer', 'aria-label': t('trace.answer') });
  const pool = h('div', { class: 'actions candidates' });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite' });
  const move = (i, to) => {
    picked.splice(to, 0, picked.splice(i, 1)[0]);
    render();
    // Like the order list: the same button on the line's new place, or the other one
    // when that one is now disabled (the line reached the top or the bottom).
    const item = list.children[to];
    const same = to < i ? '.up' : '.down';
    const other = to < i ? '.down' : '.up';
    (item.querySelector(same + ':not(:disabled)') || item.querySelector(other + ':not(:disabled)') || item.querySelector('.remove')).focus();
    live.textContent = t('order.moved', { line: picked[to], pos: to + 1, n: picked.length });
  };
  const remove = (i) => {
    const [label] = picked.splice(i, 1);
    render();
    // The next line's remove button, else the previous line's, else the label back in the pool.
    const item = list.querySelectorAll('.order-item')[Math.min(i, picked.length - 1)];
    (item ? item.querySelector('.remove') : pool.querySelector(`button.add[data-label="${CSS.escape(label)}"]`))?.focus();
    live.textContent = t('trace.removed', { line: label });
  };
  const add = (c) => {
    const at = [...pool.children].findIndex((b) => b.dataset.label === c);
    picked.push(c);
    render();
    // The candidate that took its place in the pool, else the previous one, else the new line.
    const next = pool.children[Math.min(at, pool.children.length - 1)];
    (next || list.lastElementChild.querySelector('.remove')).focus();
    live.textContent = t('trace.added', { line: c, n: picked.length });
  };
  const render = () => {
    fill(list, picked.length ? picked.map((label, i) => h('li', { class: 'order-item', 'data-line': label },
      h('span', { class: 'grip' }, h('code', {}, label)),
      h('span', { class: 'moves' },
        h('button', { type: 'button', class: 'up', disabled: i === 0, 'aria-label': t('order.up', { line: label }), onclick: () => move(i, i - 1) }, '↑'),
        h('button', { type: 'button', class: 'down', disabled: i === picked.length - 1, 'aria-label': t('order.down', { line: label }), onclick: () => move(i, i + 1) }, '↓'),
        h('button', { type: 'button', class: 'remove', 'aria-label': t('trace.remove', { line: label }), onclick: () => remove(i) }, '×'))))
      : h('li', { class: 'muted empty' }, t('q.empty')));
    fill(pool, candidates.filter((c) => !picked.includes(c)).map((c) => h('button', { type: 'button', class: 'add', 'data-label': c, 'aria-label': t('trace.add', { line: c }),
      onclick: () => add(c) }, '+ ', h('code', {}, c))));
  };
  render();
  fill(box, h('p', { class: 'help' }, t('trace.help')), h('h4', {}, t('trace.answer')), list, h('h4', {}, t('trace.candidates')), pool, live);
  return { value: () => picked.slice() };
}

async function submit() {
  if (current.attempt) return; // answered: the result stays until a new attempt is asked for
  const { q, variant, widget } = current;
  const answer = widget.value();
  if (answer == null || answer === '' || (Array.isArray(answer) && !answer.length && !['order', 'trace'].includes(variant.kind))) {
    status(statusEl, t('common.error', { msg: t('practice.answer') + '?' }), 'error');
    return;
  }
  const btn = $('#submit');
  btn.disabled = true;
  let answered = false;
  try {
    // A generated program is graded, not kept: it leaves the history and the schedule alone.
    const attempt = current.generated
      ? await api(`/v1/questions/${q.id}/another`, { method: 'POST', as: 'learner', body: { seed: current.generated.seed, answer } })
      : await api('/v1/attempts', {
        method: 'POST', as: 'learner', headers: { 'Idempotency-Key': idempotencyKey() },
        body: { learner_id: learner, question_id: q.id, answer, seed: variant.seed, version: variant.version, hints_used: current.hintsShown,
          ...(set?.assessment ? { assessment_id: set.assessment } : {}) },
      });
    current.attempt = attempt;
    answered = true;
    status(statusEl, '');
    renderResult();
    if (!current.generated) {
      attempts.unshift(attempt);
      renderList();
      renderSet();
      renderProgress();
    }
    reveal($('#result')); // the verdict at the top of the screen, on a phone too
    const pe = attempt.program_error;
    if ($('#answer-code')) markErrors($('#answer-code'), pe?.line ? [{ line: pe.line, column: pe.column || 0, message: pe.message }] : []);
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
    if (err instanceof ApiError && err.status === 409) { // a stale variant, or an assessment's refusal: said after the reload
      await loadQuestion(q.id);
      status(statusEl, t('common.error', { msg: err.message }), 'error');
    }
  } finally {
    lockAnswer(answered);
  }
}

// lockAnswer keeps Submit disabled once the question is answered, saying how to answer
// again, so a second press cannot replace the result with a new attempt.
function lockAnswer(answered) {
  const btn = $('#submit');
  if (!btn) return;
  btn.disabled = answered;
  $('#answered-note')?.remove();
  if (answered) btn.after(h('span', { class: 'help', id: 'answered-note' }, t('practice.answered')));
}

function renderResult() {
  const a = current.attempt;
  const startStep = a.divergence?.step || a.step || 1;
  drawResult($('#result'), a, [
    (a.trace || []).length ? { id: 'open-vis', primary: true, step: String(startStep), onclick: () => openVis(startStep),
      label: a.divergence?.step || a.step ? t('practice.openvis', { n: startStep }) : t('practice.openvis0') } : null,
    { id: 'retry', onclick: () => (current.generated ? retryGenerated() : loadQuestion(current.q.id)), label: t(a.verdict === 'correct' ? 'practice.again' : 'practice.retry') },
    current.q.kind === 'order' && !set ? { id: 'another', onclick: anotherLike, label: t('another.button') } : null,
    { id: 'next-q', onclick: nextQuestion, label: t(set ? 'set.next' : 'practice.next') },
  ]);
  $('#result').hidden = false;
  renderTimeline($('#timeline'), a.summary);
}

// anotherLike opens a fresh program of the open order question's shape (endless
// practice): generated by the server from a seed, kept only if its order is certain.
async function anotherLike() {
  const q = current.q;
  status(statusEl, t('common.loading'), 'info');
  try {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    const g = await api(`/v1/questions/${q.id}/another?seed=${seed}`, { as: 'learner' });
    current = { q, variant: { ...g, attempt_no: 0, hints: [], hints_total: 0, params: {} }, generated: { seed: g.seed }, widget: null, hints: [], hintsShown: 0, attempt: null };
    status(statusEl, '');
    $('#result').hidden = true;
    $('#vis').hidden = true;
    $('#timeline').hidden = true;
    renderQuestion(false);
    reveal($('#q-title'));
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

// retryGenerated answers the same generated program again.
function retryGenerated() {
  current.attempt = null;
  $('#result').hidden = true;
  $('#vis').hidden = true;
  renderQuestion(false);
  $('#q-title')?.focus();
}

// openVis opens the visualiser on the attempt's trace at step stepN of outcome n: each
// outcome of a race can be stepped through, an order answer is shown beside the
// runtime's console, and every step has a link.
function openVis(stepN, n = openingOutcome(current.attempt)) {
  const a = current.attempt;
  const el = $('#vis');
  el.hidden = false;
  // a.program is the program the trace is of: the variant's, or an exercise's own (the learner's).
  const program = a.program || '';
  // The question's release and module: its variant's, or (opened from a step link) the bank's listing.
  const of = current.variant || current.q;
  const opts = { program, traces: tracesOfAttempt(a), outcome: n, start: stepN, title: t('practice.trace'),
    node: of.node || '', compare: of.module ? { code: program, module: of.module } : null,
    answer: current.q.kind === 'order' ? a.answer : null,
    linkFor: a.id ? (o, step) => `${location.pathname}#attempt=${a.id}&outcome=${o}&step=${step}` : null };
  if (vis) vis.load(opts); else vis = new Visualiser(el, opts);
  el.focus();
  el.scrollIntoView({ block: 'start' });
}

// openingOutcome is the outcome an attempt's trace opens at: the one its order answer
// is, if any (the rarer order of a race answered right), else the first.
function openingOutcome(a) {
  const outs = a.expected?.outcomes || [];
  const k = Array.isArray(a.answer) ? outs.findIndex((o) => JSON.stringify(o.stdout) === JSON.stringify(a.answer)) : -1;
  return k > 0 ? k + 1 : 1;
}

// openAttempt shows one of the learner's attempts, from a step link: its result and its
// trace at step stepN of outcome n; the question itself opens from the result's buttons.
async function openAttempt(id, n, stepN) {
  try {
    const a = await api(`/v1/attempts/${id}`, { as: 'learner' });
    const q = questions.find((x) => x.id === a.question_id) || { id: a.question_id, topic: '', kind: '', title: { en: '#' + a.question_id, vi: '#' + a.question_id } };
    current = { q, variant: null, widget: null, hints: [], hintsShown: 0, attempt: a };
    $('#question').hidden = true;
    renderResult();
    openVis(stepN, n);
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
}

// Hints: the variant carries the hints unlocked so far (one more after each attempt that
// was not correct). After such an attempt the variant is fetched again for the new one.
function renderHints() {
  const shown = current.hints.slice(0, current.hintsShown);
  const box = $('#hints');
  if (!box) return;
  fill(box, shown.length ? h('ol', { class: 'hints' }, shown.map((x) => h('li', {}, text(x)))) : null,
    current.hintMsg ? h('p', { class: 'muted' }, t(current.hintMsg)) : null);
}

async function hint() {
  current.hintMsg = null;
  const total = current.variant.hints_total ?? 0;
  if (current.hintsShown >= current.hints.length && current.hints.length < total && current.attempt && current.attempt.verdict !== 'correct') {
    try {
      const v = await api(`/v1/questions/${current.q.id}/variant`, { as: 'learner' });
      current.hints = v.hints || [];
    } catch (err) {
      status(statusEl, t('common.error', { msg: err.message }), 'error');
      return;
    }
  }
  if (current.hintsShown < current.hints.length) current.hintsShown++;
  else if (total > current.hints.length) current.hintMsg = 'practice.hintlocked';
  else current.hintMsg = total ? 'practice.nomorehints' : 'practice.nohint';
  renderHints();
}

// renderProgress fetches the learner's progress (mastery by topic, streaks) and shows it.
async function renderProgress() {
  try {
    [progress, path] = await Promise.all([
      api(`/v1/learners/${learner}/progress`, { as: 'learner' }),
      api(`/v1/learners/${learner}/path`, { as: 'learner' }),
    ]);
  } catch (err) {
    status(statusEl, t('common.error', { msg: err.message }), 'error');
  }
  drawProgress();
  drawPath();
}

// stepOf is the index of the path's step that practises a topic (-1: off the path).
function stepOf(tp) {
  return path ? path.steps.findIndex((s) => s.topics.includes(tp)) : -1;
}

// drawPath shows the path's steps in order, each a button that opens its next question
// with how much of it the learner tried; the current step is marked.
function drawPath() {
  const steps = path?.steps || [];
  $('#path-card').hidden = !steps.length || !!set;
  fill($('#path'), steps.map((s, i) => {
    const here = s.slug === path.current;
    return h('li', { class: here ? 'current' : null, 'data-step': s.slug, 'aria-current': here ? 'step' : null },
      h('button', { type: 'button', class: 'link path-title', title: t('path.open'), onclick: () => openStep(s) }, text(s.title)),
      h('span', { class: 'muted path-count' }, t('path.count', { a: Math.min(s.attempted, s.questions), q: s.questions }),
        s.due ? ' · ' + t('path.due', { n: s.due }) : '', here ? ' · ' + t('path.current') : ''));
  }));
}

// openStep opens a step's next question: its easiest never attempted, else the one with
// the lowest best score.
function openStep(s) {
  const b = best();
  const qs = questions.filter((q) => s.topics.includes(q.topic))
    .sort((x, y) => (b.get(x.id) ?? -1) - (b.get(y.id) ?? -1) || x.difficulty - y.difficulty || x.id - y.id);
  if (qs.length) loadQuestion(qs[0].id);
}

// renderLesson shows the lesson of the open question's step, open until the learner has
// tried a question of that step.
function renderLesson() {
  const box = $('#lesson');
  const i = current?.q ? stepOf(current.q.topic) : -1;
  if (i < 0 || set) { fill(box).hidden = true; return; }
  const s = path.steps[i];
  // Open for a step not yet tried, but folded where the layout stacks: there the question
  // must be on the first screen, under the lesson's title.
  const wasOpen = box.dataset.step === s.slug ? box.open : s.attempted === 0 && !stacked.matches;
  fill(box, h('summary', {}, t('path.lesson', { n: i + 1, of: path.steps.length, title: text(s.title) })), paragraphs(s.lesson, 'lesson-text'));
  box.dataset.step = s.slug;
  box.open = wasOpen;
  box.hidden = false;
}

function drawProgress() {
  const box = $('#progress');
  if (!progress) { fill(box); return; }
  const rows = progress.topics || [];
  const streak = progress.streak_days ?? 0;
  fill(box,
    h('p', { class: 'streak', id: 'streak' }, streak > 0 ? t('practice.streak', { n: streak }) : t('practice.streak0')),
    h('p', { class: 'muted', id: 'progress-extra' }, t('practice.correctstreak', { n: progress.correct_streak ?? 0 }), ' · ', t('practice.duecount', { n: progress.due ?? 0 })),
    rows.length ? h('table', { class: 'progress-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('practice.topic')), h('th', { scope: 'col' }, '%'), h('th', { scope: 'col' }, '#'))),
      h('tbody', {}, rows.map((r) => {
        const pct = Math.round(Math.min(1, r.mastery ?? 0) * 100);
        const bar = h('span');
        bar.style.width = pct + '%';
        return h('tr', { 'data-topic': r.topic },
          h('th', { scope: 'row' }, topicName(r.topic)),
          h('td', {}, h('div', { class: 'bar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(pct), 'aria-label': t('practice.mastery', { m: pct }) }, bar)),
          h('td', {}, `${r.attempted}/${r.questions}`));
      }))) : h('p', { class: 'muted' }, t('practice.noprogress')));
}
