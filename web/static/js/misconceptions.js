// The misconceptions the grader recognises, explained: the mistake in words, the rule of
// the runtime it breaks, and what the questions that test it say. A result panel links
// here (#TAG); the page opens at that entry. A learner signs in as on the practice page
// (this browser's guest when nothing else).
import { $, h, fill } from './dom.js';
import { t, text } from './i18n.js';
import { boot, status, ready } from './shell.js';
import { api, auth } from './api.js';
import { startGuest } from './guest.js';
import { paragraphs } from './result.js';

await boot('misconceptions');
let entries = [];
load();

async function load() {
  try {
    if (!auth.credential('any')) await startGuest();
    entries = (await api('/v1/misconceptions')).items || [];
  } catch (err) {
    status($('#status'), t('common.error', { msg: err.message }), 'error');
  }
  render();
  document.addEventListener('langchange', render);
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) { target.scrollIntoView({ block: 'start' }); target.focus(); }
  ready();
}

function render() {
  fill($('#entries'), entries.map((e) => h('section', { class: 'card misconception-entry', id: e.tag, tabindex: '-1', 'aria-labelledby': 'h-' + e.tag },
    h('h2', { id: 'h-' + e.tag }, sentence(text(e.text))),
    e.rule ? h('p', { class: 'rule' }, t('mis.rule', { r: e.rule, text: text(e.rule_text) })) : null,
    e.explanations.length ? e.explanations.map((x) => paragraphs(x)) : h('p', { class: 'muted' }, t('mis.none')),
    e.questions.length ? h('p', { class: 'muted' }, t('mis.questions', { n: e.questions.length })) : null)));
}

// sentence turns the words of a mistake ("thought timers fire exactly on time") into a
// heading ("Thought timers fire exactly on time").
function sentence(words) {
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}
