// How a group of learners is doing, for instructors: a class's learners, an LMS course's
// (or ids the instructor gives), each learner's best score per question by name, and the
// misconceptions most common across the group with the question steps where the answers
// part from the runtime (GET /v1/cohort). A link #class=ID opens that class's report.
import { $, h, fill } from './dom.js';
import { t, text } from './i18n.js';
import { boot, status, keyGate, ready } from './shell.js';
import { api, auth, listAll } from './api.js';

await boot('author');
let report = null;
let titles = new Map(); // question id -> title

if (!auth.key()) {
  keyGate($('#gate'));
  ready();
} else {
  init();
}

async function init() {
  $('#cohort-form').hidden = false;
  let courses = [];
  try { // the courses are an admin's to list (GET /v1/lti/contexts); others give ids
    if ((await api('/v1/me', { as: 'author' })).role === 'admin') courses = await listAll('/v1/lti/contexts', { as: 'author' }, 1);
  } catch { courses = []; }
  const sel = $('#c-context');
  fill(sel, h('option', { value: '' }, t('cohort.nocourse')), courses.map((c) => h('option', { value: String(c.id) }, c.title || c.context_id)));
  let classes = [];
  try { classes = await listAll('/v1/classes', { as: 'author' }, 2); } catch { classes = []; }
  const wanted = new URLSearchParams(location.hash.slice(1)).get('class') || '';
  fill($('#c-class'), h('option', { value: '' }, t('cohort.noclass')), classes.map((c) => h('option', { value: String(c.id) }, c.name)));
  $('#c-class').value = classes.some((c) => String(c.id) === wanted) ? wanted : '';
  try {
    for (const q of await listAll('/v1/questions', { as: 'author' }, 2)) titles.set(q.id, q.title);
  } catch { /* ids stand in for titles */ }
  $('#cohort-form').addEventListener('submit', (e) => { e.preventDefault(); show(); });
  document.addEventListener('langchange', () => { if (report) draw(); });
  if ($('#c-class').value) await show();
  ready();
}

async function show() {
  const cls = $('#c-class').value;
  const course = $('#c-context').value;
  const ids = $('#c-learners').value.replace(/\s+/g, '');
  const q = cls ? `class=${cls}` : course ? `context=${course}` : `learners=${encodeURIComponent(ids)}`;
  try {
    report = await api('/v1/cohort?' + q, { as: 'author' });
    status($('#status'), '');
    draw();
  } catch (err) {
    status($('#status'), t('common.error', { msg: err.message }), 'error');
  }
}

const pct = (x) => Math.round((x ?? 0) * 100) + '%';
// A learner by name; one without (a guest, a learner an app made without one) by number.
const learnerName = (l) => l.name || t(l.guest ? 'cohort.guest' : 'cohort.unnamed', { id: l.id });
const title = (id) => text(titles.get(id)) || '#' + id;

function draw() {
  const cell = new Map(report.cells.map((c) => [c.learner_id + ':' + c.question_id, c]));
  const missing = report.missing || [];
  fill($('#report'),
    missing.length ? h('p', { class: 'status info', role: 'status', id: 'cohort-missing' }, t('cohort.missing', { n: missing.length, ids: missing.join(', ') })) : null,
    h('section', { class: 'card', 'aria-labelledby': 'c-progress-h' },
      h('h2', { id: 'c-progress-h' }, t('cohort.progress')),
      report.learners.length ? h('div', { class: 'table-scroll' }, h('table', { class: 'progress-table', id: 'cohort-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('cohort.learner')), h('th', { scope: 'col', class: 'num' }, t('cohort.mean')),
          report.questions.map((q) => h('th', { scope: 'col', class: 'num', title: title(q.id) }, title(q.id))))),
        h('tbody', {}, report.learners.map((l) => h('tr', { 'data-learner': String(l.id) },
          h('th', { scope: 'row' }, learnerName(l)), h('td', { class: 'num' }, l.answered ? pct(l.mean_best) : '—'),
          report.questions.map((q) => {
            const c = cell.get(l.id + ':' + q.id);
            return h('td', { class: 'num', 'data-verdict': c?.last_verdict || '' }, c ? `${pct(c.best_score)} (${c.attempts})` : '—');
          }))))))
        : h('p', { class: 'muted' }, t('cohort.empty'))),
    h('section', { class: 'card', 'aria-labelledby': 'c-mis-h' },
      h('h2', { id: 'c-mis-h' }, t('cohort.misconceptions')),
      report.misconceptions.length ? h('ol', { id: 'cohort-misconceptions' }, report.misconceptions.map((m) => h('li', { 'data-tag': m.tag },
        h('p', {}, h('a', { href: '/app/misconceptions.html#' + encodeURIComponent(m.tag) }, m.text ? text(m.text) : m.tag), ' ',
          t('cohort.seen', { n: m.count, l: m.learners })),
        m.steps.length ? h('ul', {}, m.steps.map((s) => h('li', {}, t('cohort.step', { q: title(s.question_id), step: s.step, n: s.count }) + (s.rule ? ` (${s.rule})` : '')))) : null)))
        : h('p', { class: 'muted' }, t('stats.nomisconceptions'))));
}
