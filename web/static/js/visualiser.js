// The step-through visualiser: one component for every trace (attempts, previews, the
// playground). It shows, for one step of a sim trace, the program with the current line,
// the phases of the loop with the current one, every queue (nextTick, microtasks, timers
// with due times, poll, check, close), the work outside JavaScript (thread-pool slots, the
// queue behind them, kernel waits), the console so far and the step's explanation. Items
// added or changed in this step are marked. Keys: ←/→, Home/End, Space.
import { h, fill, ms } from './dom.js';
import { t, lang } from './i18n.js';
import { comparePanel } from './compare.js';

// The phase list of the seed's widgets, in order. 'timers' appears twice: once before
// the first iteration and at the end of every iteration (Node 20.3+, libuv 1.45+).
const PHASES = ['main', 'timers1', 'pending', 'poll', 'check', 'close', 'timers', 'exit'];

const QUEUES = [
  ['next_ticks', 'q.nextTick', 'nextTick'],
  ['microtasks', 'q.microtasks', 'microtasks'],
  ['timers', 'q.timers', 'timers'],
  ['poll', 'q.poll', 'poll'],
  ['check', 'q.check', 'check'],
  ['close', 'q.close', 'close'],
];

let seq = 0;

export class Visualiser {
  /**
   * @param {HTMLElement} root where to render
   * @param {{program?: string, steps: object[], console?: string[], start?: number, title?: string,
   *   node?: string, compare?: {code: string, module: string, scenario?: object}}} opts node is the Node
   *   release the trace is of; compare, the program to compare across Node releases (compare.js)
   */
  constructor(root, opts) {
    this.root = root;
    this.id = 'vis' + ++seq;
    this.timer = null;
    this.onLang = () => this.build();
    document.addEventListener('langchange', this.onLang);
    this.load(opts);
  }

  /** load shows another trace. */
  load({ program = '', steps = [], console: out = null, start = 1, title = '', node = '', compare = null }) {
    this.stop();
    this.node = node;
    this.compare = compare;
    if (compare && !this.compareEl) this.compareEl = comparePanel(() => this.compare);
    this.program = program.replace(/\n$/, '').split('\n');
    this.steps = steps || [];
    this.title = title;
    this.console = out || consoleFromSteps(this.steps);
    // A timers phase before any poll is the one before the first iteration.
    let looped = false;
    this.phaseIdx = this.steps.map((s) => {
      if (['poll', 'check', 'close', 'pending'].includes(s.phase)) looped = true;
      return phaseIndex(s.phase, looped);
    });
    this.i = clamp(start - 1, 0, Math.max(0, this.steps.length - 1));
    this.build();
  }

  destroy() {
    this.stop();
    document.removeEventListener('langchange', this.onLang);
  }

  get step() { return this.steps[this.i]; }

  /** go shows step number n (1-based). */
  go(n) {
    if (!this.steps.length) return;
    this.i = clamp(n - 1, 0, this.steps.length - 1);
    this.render();
  }

  next() { this.go(this.i + 2); if (this.i >= this.steps.length - 1) this.stop(); }
  back() { this.go(this.i); }

  play() {
    if (this.timer || this.steps.length < 2) return;
    if (this.i >= this.steps.length - 1) this.go(1);
    this.timer = setInterval(() => this.next(), 800);
    this.renderPlay();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.playBtn) this.renderPlay();
  }

  toggle() { if (this.timer) this.stop(); else this.play(); }

  build() {
    const id = this.id;
    const root = this.root;
    root.classList.add('vis');
    root.setAttribute('role', 'region');
    root.setAttribute('aria-roledescription', t('vis.title'));
    root.setAttribute('aria-label', this.title || t('vis.title'));
    root.tabIndex = 0;
    if (!this.keyHandler) {
      this.keyHandler = (e) => this.onKey(e);
      root.addEventListener('keydown', this.keyHandler);
    }
    if (!this.steps.length) {
      fill(root, h('p', { class: 'muted' }, t('vis.nosteps')));
      return;
    }
    const n = this.steps.length;
    this.statusEl = h('p', { class: 'vis-status', id: id + '-status', 'aria-live': 'polite' });
    this.jump = h('input', { type: 'number', id: id + '-jump', min: '1', max: String(n), inputmode: 'numeric', class: 'vis-jump' });
    this.jump.addEventListener('change', () => this.go(Number(this.jump.value) || 1));
    this.slider = h('input', { type: 'range', min: '1', max: String(n), 'aria-label': t('vis.slider'), class: 'vis-slider', 'aria-describedby': id + '-status' });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.playBtn = h('button', { type: 'button', class: 'vis-play', onclick: () => this.toggle() });
    const btn = (cls, label, icon, fn) => h('button', { type: 'button', class: cls, 'aria-label': label, title: label, onclick: fn },
      h('span', { 'aria-hidden': 'true' }, icon), h('span', { class: 'btn-text' }, label));
    this.codeEl = h('ol', { class: 'code-lines' }, this.program.map((line, k) =>
      h('li', { 'data-line': String(k + 1) }, h('code', {}, line || ' '))));
    this.phasesEl = h('ol', { class: 'phases', 'aria-label': t('vis.phases') }, PHASES.map((p) =>
      h('li', { 'data-phase': p }, t('phase.' + p))));
    this.runningEl = h('p', { class: 'running' });
    this.queueEls = {};
    const queueBox = ([key, label, name]) => {
      const list = h('ul', { class: 'q-items', role: 'list', 'aria-labelledby': `${id}-${name}-h` });
      this.queueEls[key] = list;
      return h('section', { class: 'q q-' + name, 'data-queue': name, 'aria-labelledby': `${id}-${name}-h` },
        h('h4', { id: `${id}-${name}-h` }, t(label)), list);
    };
    this.poolEl = h('ul', { class: 'q-items pool-slots', role: 'list', 'aria-labelledby': id + '-pool-h' });
    this.poolQueueEl = h('ul', { class: 'q-items', role: 'list', 'aria-labelledby': id + '-poolq-h' });
    this.kernelEl = h('ul', { class: 'q-items', role: 'list', 'aria-labelledby': id + '-kernel-h' });
    this.explainEl = h('div', { class: 'vis-explain', 'aria-live': 'polite' });
    this.consoleEl = h('ol', { class: 'console-lines', 'aria-labelledby': id + '-console-h' });

    fill(root,
      h('div', { class: 'vis-head' },
        this.title ? h('h3', {}, this.title) : null,
        this.node ? h('span', { class: 'badge node' }, 'Node ' + this.node) : null,
        this.statusEl),
      h('div', { class: 'vis-controls', role: 'toolbar', 'aria-label': t('vis.title'), 'aria-controls': id + '-body' },
        btn('vis-first', t('vis.first'), '«', () => this.go(1)),
        btn('vis-back', t('vis.back'), '‹', () => this.back()),
        this.playBtn,
        btn('vis-next', t('vis.next'), '›', () => this.next()),
        btn('vis-last', t('vis.last'), '»', () => this.go(n)),
        h('label', { class: 'vis-jump-label', for: id + '-jump' }, t('vis.jump')), this.jump,
        this.slider),
      h('p', { class: 'help' }, t('vis.keys')),
      h('div', { class: 'vis-body', id: id + '-body' },
        h('section', { class: 'vis-code', 'aria-label': t('vis.code') },
          h('h4', {}, t('vis.code')), h('div', { class: 'code-scroll' }, this.codeEl)),
        h('section', { class: 'vis-loop' },
          this.runningEl,
          h('h4', {}, t('vis.phases')), this.phasesEl),
        h('section', { class: 'vis-what' }, h('h4', {}, t('vis.explain')), this.explainEl),
        h('div', { class: 'vis-queues' }, QUEUES.map(queueBox)),
        h('section', { class: 'q q-outside', 'data-queue': 'outside', 'aria-labelledby': id + '-out-h' },
          h('h4', { id: id + '-out-h' }, t('q.outside')),
          h('div', { class: 'outside-grid' },
            h('div', { 'data-queue': 'pool' }, h('h5', { id: id + '-pool-h' }, t('q.pool')), this.poolEl),
            h('div', { 'data-queue': 'poolQueue' }, h('h5', { id: id + '-poolq-h' }, t('q.poolQueue')), this.poolQueueEl),
            h('div', { 'data-queue': 'kernel' }, h('h5', { id: id + '-kernel-h' }, t('q.kernel')), this.kernelEl))),
        h('section', { class: 'vis-console', 'data-queue': 'console' },
          h('h4', { id: id + '-console-h' }, t('vis.console')), this.consoleEl)),
      h('p', { class: 'help legend' }, h('span', { class: 'new-swatch', 'aria-hidden': 'true' }), ' ', t('vis.legend')),
      this.compare ? this.compareEl : null);
    this.renderPlay();
    this.render();
  }

  renderPlay() {
    const playing = !!this.timer;
    fill(this.playBtn, h('span', { 'aria-hidden': 'true' }, playing ? '||' : '▶'), h('span', { class: 'btn-text' }, t(playing ? 'vis.pause' : 'vis.play')));
    this.playBtn.setAttribute('aria-pressed', String(playing));
    this.playBtn.setAttribute('aria-label', t(playing ? 'vis.pause' : 'vis.play'));
  }

  render() {
    const s = this.step;
    if (!s || !this.statusEl) return;
    const prev = this.i > 0 ? this.steps[this.i - 1].state : null;
    const st = s.state || {};
    const n = this.steps.length;
    this.root.dataset.step = String(s.n ?? this.i + 1);
    this.statusEl.textContent = t('vis.step', { n: this.i + 1, total: n, t: ms(s.t_us || 0) });
    this.jump.value = String(this.i + 1);
    this.slider.value = String(this.i + 1);
    this.root.querySelector('.vis-back').disabled = this.i === 0;
    this.root.querySelector('.vis-first').disabled = this.i === 0;
    this.root.querySelector('.vis-next').disabled = this.i === n - 1;
    this.root.querySelector('.vis-last').disabled = this.i === n - 1;

    // Code: the current line.
    for (const li of this.codeEl.children) {
      const cur = Number(li.dataset.line) === s.line;
      li.classList.toggle('current', cur);
      if (cur) li.setAttribute('aria-current', 'true'); else li.removeAttribute('aria-current');
    }
    const curLi = this.codeEl.querySelector('.current');
    if (curLi) {
      const box = curLi.closest('.code-scroll');
      const top = curLi.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - curLi.offsetHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }

    // Phases: the current one.
    const pi = this.phaseIdx[this.i];
    [...this.phasesEl.children].forEach((li, k) => {
      li.classList.toggle('current', k === pi);
      if (k === pi) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
    });
    this.runningEl.replaceChildren(h('strong', {}, t('vis.running') + ': '), runningText(s));

    // Queues.
    for (const [key] of QUEUES) {
      const items = st[key] || [];
      const before = new Map((prev?.[key] || []).map((it) => [it.id, it]));
      fillItems(this.queueEls[key], items.map((it) => {
        const old = before.get(it.id);
        const changed = !old || (key === 'timers' && (old.due_ms !== it.due_ms || old.list_id !== it.list_id));
        const extra = key === 'timers'
          ? [h('span', { class: 'due' }, t('q.due', { t: it.due_ms })), h('span', { class: 'meta' }, t('q.list', { id: it.list_id })), it.repeat ? h('span', { class: 'meta' }, t('q.repeat')) : null]
          : [];
        return item(it, changed, extra);
      }));
    }
    // Outside JavaScript.
    const oldPool = new Map((prev?.pool || []).map((p) => [p.thread, p]));
    fillItems(this.poolEl, (st.pool || []).map((p) => {
      const old = oldPool.get(p.thread);
      const changed = prev != null && (!old || (old.job_id || 0) !== (p.job_id || 0));
      return h('li', { class: 'slot' + (p.job_id ? ' busy' : ' idle') + (changed ? ' new' : ''), 'data-id': String(p.job_id || ''), 'data-thread': String(p.thread) },
        h('span', { class: 'label' }, t('q.thread', { n: p.thread }) + ': '),
        p.job_id ? [h('span', { class: 'job' }, p.label), p.line ? h('span', { class: 'line' }, 'L' + p.line) : null, h('span', { class: 'due' }, t('q.until', { t: ms(p.end_us) }))]
          : h('span', { class: 'muted' }, t('q.threadIdle')),
        changed ? h('span', { class: 'sr-only' }, ' (' + t('q.new') + ')') : null);
    }), true);
    const beforeQ = new Set((prev?.pool_queue || []).map((it) => it.id));
    fillItems(this.poolQueueEl, (st.pool_queue || []).map((it) => item(it, !beforeQ.has(it.id))));
    const beforeK = new Map((prev?.kernel || []).map((it) => [it.id, it]));
    fillItems(this.kernelEl, (st.kernel || []).map((it) => {
      const old = beforeK.get(it.id);
      return item(it, !old || old.ready_us !== it.ready_us,
        [h('span', { class: 'due' }, it.ready_us >= 0 ? t('q.ready', { t: ms(it.ready_us) }) : t('q.waiting'))]);
    }));

    // Explanation.
    const explain = lang() === 'vi' ? (s.explain_vi || s.explain) : (s.explain || s.explain_vi);
    fill(this.explainEl,
      h('p', { class: 'event' }, h('code', {}, s.event), s.detail ? ' ' : '', s.detail ? h('span', { class: 'detail' }, s.detail) : null,
        s.line ? h('span', { class: 'meta' }, ' · ' + t('vis.line', { n: s.line })) : null,
        s.rule ? h('span', { class: 'rule' }, ' · ' + t('vis.rule', { r: s.rule })) : null),
      h('p', { class: 'explain' }, explain || ''));

    // Console so far.
    const count = st.console_lines ?? 0;
    const prevCount = prev?.console_lines ?? 0;
    const lines = this.console.slice(0, count);
    if (!lines.length) fill(this.consoleEl, h('li', { class: 'muted empty' }, t('vis.noconsole')));
    else fill(this.consoleEl, lines.map((l, k) => h('li', { class: k >= prevCount ? 'new' : null }, l)));
  }

  onKey(e) {
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (tag === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
    const actions = {
      ArrowRight: () => this.next(), ArrowLeft: () => this.back(),
      Home: () => this.go(1), End: () => this.go(this.steps.length), ' ': () => this.toggle(),
    };
    const fn = actions[e.key];
    if (!fn || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    if (e.key !== ' ') this.stop();
    fn();
  }
}

function item(it, changed, extra = []) {
  return h('li', { class: 'item' + (changed ? ' new' : ''), 'data-id': String(it.id) },
    h('span', { class: 'label' }, it.label),
    it.line ? h('span', { class: 'line' }, 'L' + it.line) : null,
    extra,
    changed ? h('span', { class: 'sr-only' }, ' (' + t('q.new') + ')') : null);
}

function fillItems(list, items, keepEmpty) {
  if (!items.length && !keepEmpty) fill(list, h('li', { class: 'empty muted' }, t('q.empty')));
  else fill(list, items);
  list.dataset.count = String(items.length);
}

function runningText(s) {
  if (s.event === 'poll-waits') return t('vis.idle');
  if (s.phase === 'main' && !/-runs$|fires$|callback$/.test(s.event)) return t('vis.mainCode');
  if (s.phase === 'exit' || s.event === 'exit') return t('phase.exit');
  return s.detail || s.event;
}

function phaseIndex(phase, looped) {
  switch (phase) {
    case 'main': return 0;
    case 'timers': return looped ? 6 : 1;
    case 'pending': return 2;
    case 'poll': return 3;
    case 'check': return 4;
    case 'close': return 5;
    case 'beforeExit': case 'exit': return 7;
    default: return -1;
  }
}

/** consoleFromSteps rebuilds the console from the trace's console steps (attempts carry no Result.Console). */
export function consoleFromSteps(steps) {
  const out = [];
  for (const s of steps || []) if (s.event === 'console') out.push(...String(s.detail).split('\n'));
  return out;
}

function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }
