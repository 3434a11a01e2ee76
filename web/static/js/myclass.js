// A learner's assessments: those of the classes they joined, each with its dates, its
// state, the attempts used at each question and the score the gradebook shows, and the
// way into an open one (the practice page's set mode, its answers made for it)
// (GET /v1/learners/{id}/assessments).
import { $, h, fill } from './dom.js';
import { t, text, lang } from './i18n.js';
import { boot, status, ready } from './shell.js';
import { api, auth, listAll } from './api.js';
import { startGuest } from './guest.js';

await boot('class');
let items = [];
const titles = new Map();
load();

async function load() {
  try {
    if (auth.learnerId() == null) await startGuest();
    const [list, qs] = await Promise.all([
      api(`/v1/learners/${auth.learnerId()}/assessments`, { as: 'learner' }),
      listAll('/v1/questions', { as: 'learner' }),
    ]);
    items = list.items;
    for (const q of qs) titles.set(q.id, q.title);
    render();
  } catch (err) {
    status($('#status'), t('common.error', { msg: err.message }), 'error');
  }
  document.addEventListener('langchange', render);
  ready();
}

const when = (iso) => new Date(iso).toLocaleString(lang() === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const pct = (x) => Math.round((x ?? 0) * 100) + '%';

// practiceLink opens an assessment on the practice page: its questions as a set, its
// answers made for it.
function practiceLink(a) {
  const p = new URLSearchParams({ set: a.question_ids.join(','), set_title: a.title, assessment: String(a.id) });
  return '/app/practice.html#' + p.toString();
}

function render() {
  if (!items.length) { fill($('#assessments'), h('p', { class: 'muted', id: 'no-assessments' }, t('myclass.none'))); return; }
  fill($('#assessments'), items.map((a) => h('section', { class: 'card assessment', 'data-assessment': String(a.id), 'aria-labelledby': 'a-' + a.id },
    h('h2', { id: 'a-' + a.id }, a.title),
    h('p', { class: 'badges' }, h('span', { class: 'badge', 'data-state': a.state }, t('assess.state.' + a.state)), h('span', { class: 'badge' }, a.class_name)),
    h('p', {}, t('assess.dates', { opens: when(a.opens_at), closes: when(a.closes_at) }), ' · ',
      a.attempts_allowed ? t('assess.allowed', { n: a.attempts_allowed }) : t('assess.unlimited')),
    h('p', { class: 'score' }, t('myclass.score', { score: pct(a.score) })),
    h('ol', {}, a.questions.map((q) => h('li', {}, text(titles.get(q.question_id)) || '#' + q.question_id, ' ',
      h('span', { class: 'meta' }, t('myclass.q', { n: q.attempts, best: pct(q.best_score) }))))),
    a.state === 'open' ? h('p', {}, h('a', { class: 'primary-link', href: practiceLink(a), 'data-start': String(a.id) }, t('myclass.start'))) : null)));
}
