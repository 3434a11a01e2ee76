// How a group of learners is doing, for instructors: an LMS course's learners (or ids the
// instructor gives), each learner's best score per question, and the misconceptions most
// common across the group with the question steps where the answers part from the
// runtime (GET /v1/cohort).
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
  try {
    for (const q of await listAll('/v1/questions', { as: 'author' }, 2)) titles.set(q.id, q.title);
  } catch { /* ids stand in for titles */ }
  $('#cohort-form').addEventListener('submit', (e) => { e.preventDefault(); show(); });
  document.addEventListener('langchange', () => { if (report) draw(); });
  ready();
}

async function show() {
  const course = $('#c-context').value;
  const ids = $('#c-learners').value.replace(/\s+/g, '');
  const q = course ? `context=${course}` : `learners=${encodeURIComponent(ids)}`;
  try {
    report = await api('/v1/cohort?' + q, { as: 'author' });
    status($('#status'), '');
    draw();
  } catch (err) {
    status($('#status'), t('common.error', { msg: err.message }), 'error');
  }
}

const pct = (x) => Math.round((x ?? 0) * 100) + '%';
const title = (id) => text(titles.get(id)) || '#' + id;

function draw() {
  const cell = new Map(report.cells.map((c) => [c.learner_id + ':' + c.question_id, c]));
  fill($('#report'),
    h('section', { class: 'card', 'aria-labelledby': 'c-progress-h' },
      h('h2', { id: 'c-progress-h' }, t('cohort.progress')),
      report.learners.length ? h('div', { class: 'table-scroll' }, h('table', { class: 'progress-table', id: 'cohort-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('cohort.learner')), h('th', { scope: 'col', class: 'num' }, t('cohort.mean')),
          report.questions.map((q) => h('th', { scope: 'col', class: 'num', title: title(q.id) }, title(q.id))))),
        h('tbody', {}, report.learners.map((l) => h('tr', { 'data-learner': String(l.id) },
          h('th', { scope: 'row' }, l.name || l.external_id), h('td', { class: 'num' }, l.answered ? pct(l.mean_best) : '—'),
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
