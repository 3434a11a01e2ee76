// The result panel of an attempt: the verdict and score, the learner's order beside the
// runtime's with a mark on every line and the first difference shown, the explanation
// in paragraphs, the misconception as a sentence with a link to its explanation, the
// runtime's answer, and the actions (step through the trace, try again, next).
import { h, fill } from './dom.js';
import { t, text } from './i18n.js';

/** paragraphs renders a server text: blank lines part paragraphs, single newlines break lines. */
export function paragraphs(tx, cls = 'explanation') {
  const s = text(tx).trim();
  if (!s) return null;
  return h('div', { class: cls }, s.split(/\n{2,}/).map((para) => {
    const lines = para.split('\n');
    return h('p', {}, lines.flatMap((l, i) => (i ? [h('br'), ...inlineCode(l)] : inlineCode(l))));
  }));
}

/** inlineCode renders a line's Markdown code spans (`setImmediate`) as code elements. */
export function inlineCode(line) {
  return line.split(/`([^`\n]+)`/).map((part, i) => (i % 2 ? h('code', {}, part) : part)).filter((p) => p !== '');
}

// closestOutcome is the runtime's order the grade compares the answer with: the outcome
// whose longest common subsequence with the answer is longest (the server's rule).
function closestOutcome(answer, outcomes) {
  let best = outcomes[0]?.stdout || [];
  let bestN = -1;
  for (const o of outcomes) {
    const n = lcs(answer, o.stdout || []);
    if (n > bestN) { best = o.stdout || []; bestN = n; }
  }
  return best;
}

function lcs(a, b) {
  let prev = new Array(b.length + 1).fill(0);
  for (const x of a) {
    const cur = [0];
    for (let j = 0; j < b.length; j++) cur.push(x === b[j] ? prev[j] + 1 : Math.max(prev[j + 1], cur[j]));
    prev = cur;
  }
  return prev[b.length];
}

/**
 * orderComparison shows the learner's order beside the runtime's, line by line: ✓ where
 * the learner's line is the one the runtime prints there, ✗ elsewhere, and the first
 * difference marked (the row the step-through opens at).
 */
export function orderComparison(answer, expected) {
  if (!Array.isArray(answer) || !Array.isArray(expected?.outcomes) || !expected.outcomes.length) return null;
  const runtime = closestOutcome(answer, expected.outcomes);
  const n = Math.max(answer.length, runtime.length);
  let first = -1;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const mine = answer[i];
    const ok = mine !== undefined && mine === runtime[i];
    if (!ok && first < 0) first = i;
    rows.push(h('tr', { class: (ok ? 'right' : 'wrong') + (i === first ? ' first-diff' : ''), 'data-line': String(i + 1), 'data-mark': ok ? 'right' : 'wrong' },
      h('th', { scope: 'row' }, String(i + 1)),
      h('td', { class: 'mark' }, h('span', { 'aria-hidden': 'true' }, ok ? '✓' : '✗'), h('span', { class: 'sr-only' }, t(ok ? 'result.right' : 'result.wrong'))),
      h('td', {}, mine === undefined ? '—' : h('code', {}, mine)),
      h('td', {}, runtime[i] === undefined ? '—' : h('code', {}, runtime[i])),
      h('td', { class: 'note' }, i === first ? t('result.firstdiff') : '')));
  }
  return h('table', { class: 'compare', id: 'order-compare' },
    h('caption', {}, t('result.compare')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, t('result.mark'))),
      h('th', { scope: 'col' }, t('result.yours')), h('th', { scope: 'col' }, t('result.runtime')), h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, t('result.note'))))),
    h('tbody', {}, rows));
}

/** misconceptionSentence says the likely mistake in words, with a link to its explanation. */
export function misconceptionSentence(a) {
  if (!a.misconception || !a.misconception_text) return null;
  return h('p', { class: 'misconception', id: 'misconception', 'data-tag': a.misconception },
    t('result.misconception', { what: text(a.misconception_text) }), ' ',
    h('a', { href: '/app/misconceptions.html#' + encodeURIComponent(a.misconception), id: 'misconception-link' }, t('result.misconception.link')));
}

/** expectedText renders the runtime's answer as text. */
export function expectedText(exp) {
  if (exp?.outcomes) return exp.outcomes.map((o, i) => `${i + 1}. ${(o.stdout || []).join(' → ')}` + (o.condition ? `\n   (${text({ en: o.condition, vi: o.condition_vi })})` : '')).join('\n');
  if (exp && typeof exp === 'object' && 'value' in exp) return String(exp.value) + (exp.unit ? ' ' + exp.unit : '');
  return typeof exp === 'string' ? exp : JSON.stringify(exp, null, 2);
}

/**
 * renderResult fills box with an attempt's result. actions are the buttons to show
 * under it ({id, label, primary, onclick}).
 */
export function renderResult(box, a, actions) {
  const verdict = a.verdict || 'incorrect';
  const compare = orderComparison(a.answer, a.expected);
  fill(box,
    h('h2', { id: 'result-h' }, t('practice.result')),
    h('p', {}, h('span', { class: 'verdict ' + verdict, id: 'verdict', 'data-verdict': verdict }, t('verdict.' + verdict)), ' ',
      h('span', { class: 'score', id: 'score' }, t('practice.score', { s: Math.round((a.score ?? 0) * 100) }))),
    compare && verdict !== 'correct' ? h('div', { class: 'table-scroll' }, compare) : null,
    paragraphs(a.explanation),
    misconceptionSentence(a),
    a.expected != null && !compare ? h('details', {}, h('summary', {}, t('practice.expected')), h('div', { class: 'expected' }, expectedText(a.expected))) : null,
    a.expected?.outcomes?.length > 1 ? h('details', {}, h('summary', {}, t('result.allorders', { n: a.expected.outcomes.length })), h('div', { class: 'expected' }, expectedText(a.expected))) : null,
    h('div', { class: 'actions' }, actions.filter(Boolean).map((b) => h('button', { type: 'button', id: b.id, class: b.primary ? 'primary' : null, 'data-step': b.step, onclick: b.onclick }, b.label))));
}
