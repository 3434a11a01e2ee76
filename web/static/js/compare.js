// "What changes between Node versions": a program run under every simulated Node release
// (POST /v1/simulate/compare), the releases grouped by the outputs they give, and, between
// two neighbouring groups, the rule of the event loop that makes them differ (its id in
// docs/node-semantics.md, the release that introduced it, what it does now and did
// before), in the page's language. The playground and the visualiser show it.
import { h, fill } from './dom.js';
import { t, text, outcomeEnding } from './i18n.js';
import { api } from './api.js';

let seq = 0;

/**
 * comparePanel returns a section with a button that compares the program across Node
 * releases and shows the result below it.
 * @param {() => {code: string, module: string, scenario?: object}} input the program to compare, read when asked
 */
export function comparePanel(input) {
  const id = 'cmp' + ++seq;
  const out = h('div', { class: 'compare-out', id: id + '-out', 'aria-live': 'polite' });
  const btn = h('button', { type: 'button', class: 'compare-run', 'aria-controls': id + '-out' }, t('cmp.run'));
  let last = null;
  const draw = () => { if (last) renderComparison(out, last); };
  btn.addEventListener('click', async () => {
    btn.disabled = true;
    fill(out, h('p', { class: 'status info' }, t('cmp.running')));
    try {
      const { code, module, scenario } = input();
      const body = { code, module };
      if (scenario && Object.keys(scenario).length) body.scenario = scenario;
      last = await api('/v1/simulate/compare', { method: 'POST', body });
      draw();
    } catch (err) {
      fill(out, h('p', { class: 'status error', role: 'alert' }, t('common.error', { msg: err.message })));
    } finally {
      btn.disabled = false;
    }
  });
  document.addEventListener('langchange', () => { btn.textContent = t('cmp.run'); draw(); });
  return h('section', { class: 'compare', 'aria-labelledby': id + '-h' },
    h('h3', { id: id + '-h' }, t('cmp.title')),
    h('p', { class: 'help' }, t('cmp.help')),
    btn, out);
}

/** renderComparison draws a comparison (the object POST /v1/simulate/compare returns) into el. */
export function renderComparison(el, cmp) {
  const groups = cmp.groups || [];
  const diffs = cmp.differences || [];
  fill(el,
    h('p', { class: 'muted compare-summary' }, t(groups.length === 1 ? 'cmp.same' : 'cmp.groups', { n: groups.length })),
    h('ol', { class: 'compare-groups' }, groups.map((g) => h('li', { class: 'compare-group', 'data-majors': g.majors.join(' ') },
      h('h4', {}, g.versions.map((v) => h('span', { class: 'badge node' }, 'Node ' + v))),
      h('p', { class: 'muted' }, t(g.deterministic ? 'play.deterministic' : 'play.racy')),
      g.error ? h('p', { class: 'status error' }, t('play.simerror', { code: g.error.code, msg: g.error.message })) : null,
      h('ol', { class: 'outcomes' }, (g.outcomes || []).map((o, i) => h('li', { class: 'outcome' },
        h('p', { class: 'help' }, t('play.outcome', { n: i + 1 }), ' · ', outcomeEnding(o),
          o.condition && (g.outcomes.length > 1) ? ' · ' + text({ en: o.condition, vi: o.condition_vi }) : ''),
        h('pre', {}, [...(o.stdout || []), ...(o.stderr || []).map((l) => '[stderr] ' + l)].join('\n') || ' '))))))),
    diffs.length ? h('h4', {}, t('cmp.why')) : null,
    diffs.length ? h('ul', { class: 'compare-diffs' }, diffs.map((d) => h('li', { class: 'compare-diff', 'data-from': d.from, 'data-to': d.to },
      h('p', {}, h('strong', {}, t('cmp.step', { from: d.from, to: d.to }))),
      h('ul', {}, (d.rules || []).map((r) => h('li', { 'data-rule': r.rule },
        h('code', { class: 'rule' }, r.rule), r.since ? h('span', { class: 'badge' }, t('cmp.since', { v: r.since })) : null, ' ',
        text({ en: r.text, vi: r.text_vi })))),
      d.explained ? null : h('p', { class: 'help' }, t('cmp.unexplained'))))) : null);
}
