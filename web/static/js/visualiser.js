// The step-through visualiser, a debugger of the event loop: one component for every
// trace (attempts, previews, the playground). For one step of a sim trace it shows the
// program with the current line, the call stack (the functions running, the main code or
// the callback the runtime called, and the async frames that queued it), the phases of
// the loop with the current one, every queue (nextTick, microtasks, timers with due
// times, poll, check, close), the work outside JavaScript (thread-pool slots, the queue
// behind them, kernel waits), the console so far (beside the learner's order when there
// is one, the first difference marked) and the step's explanation. Items added or changed
// in this step are marked. A race's outcomes can each be chosen and stepped through, with
// the timing that produces it; every step has a link, and a list of all the steps opens
// any of them. Keys: ←/→, Home/End, Space.
import { h, fill, ms } from './dom.js';
import { t, lang, text } from './i18n.js';
import { EVENTS, EV, ROLE, FRAME } from './events.js';
import { comparePanel } from './compare.js';

// STEP_MS is how long a step stays on screen while playing at normal speed.
const STEP_MS = 900;
const SPEEDS = [0.5, 1, 2, 4];

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

/**
 * tracesOfResult lists the traces of a simulation result (POST /v1/simulate, a preview):
 * one per outcome that has one, the first outcome's being the result's own.
 */
export function tracesOfResult(r) {
  const outs = r.outcomes || [];
  const first = { n: 1, steps: r.steps || [], console: r.console || null, condition: conditionOf(outs[0]), timing: outs[0]?.timing };
  return [first, ...outs.slice(1).map((o, i) => ({ n: i + 2, steps: o.steps || [], console: o.console || null, condition: conditionOf(o), timing: o.timing }))];
}

/** tracesOfAttempt lists the traces of an attempt: its trace, then its outcome_traces. */
export function tracesOfAttempt(a) {
  const outs = a.expected?.outcomes || [];
  const first = { n: 1, steps: a.trace || [], console: null, condition: conditionOf(outs[0]) };
  return [first, ...(a.outcome_traces || []).map((o) => ({ n: o.outcome, steps: o.steps || [], console: o.console || null, condition: conditionOf(o) }))];
}

function conditionOf(o) {
  return o && o.condition ? { en: o.condition, vi: o.condition_vi || o.condition } : null;
}

export class Visualiser {
  /**
   * @param {HTMLElement} root where to render
   * @param {object} opts what load takes
   */
  constructor(root, opts) {
    this.root = root;
    this.id = 'vis' + ++seq;
    this.timer = null;
    this.speed = 1;
    this.onLang = () => this.build();
    document.addEventListener('langchange', this.onLang);
    this.load(opts);
  }

  /**
   * load shows another trace.
   * @param {{program?: string, steps?: object[], console?: string[], traces?: object[], outcome?: number,
   *   start?: number, title?: string, answer?: string[], linkFor?: (outcome: number, step: number) => string,
   *   node?: string, compare?: {code: string, module: string, scenario?: object}}} opts
   * traces (tracesOfResult, tracesOfAttempt) gives every outcome's trace; steps and console
   * a single one. answer is the learner's order of the printed lines, shown beside the
   * runtime's; linkFor makes the link of a step (none without it).
   */
  load({ program = '', steps = [], console: out = null, traces = null, outcome = 1, start = 1, title = '', answer = null, linkFor = null, node = '', compare = null }) {
    this.stop();
    this.node = node;
    this.compare = compare;
    if (compare && !this.compareEl) this.compareEl = comparePanel(() => this.compare);
    this.program = program.replace(/\n$/, '').split('\n');
    this.traces = (traces && traces.length ? traces : [{ n: 1, steps: steps || [], console: out, condition: null }])
      .map((tr) => ({ ...tr, console: tr.console || consoleFromSteps(tr.steps) }));
    this.title = title;
    this.answer = Array.isArray(answer) ? answer : null;
    this.linkFor = linkFor;
    this.choose(outcome, start);
    this.build();
  }

  /** choose makes outcome n (its number, from 1) the trace shown, at step start. */
  choose(n, start) {
    this.o = Math.max(0, this.traces.findIndex((tr) => tr.n === n));
    const tr = this.traces[this.o];
    this.steps = tr.steps;
    this.console = tr.console;
    // A timers phase before any poll is the one before the first iteration.
    let looped = false;
    this.phaseIdx = this.steps.map((s) => {
      if (['poll', 'check', 'close', 'pending'].includes(s.phase)) looped = true;
      return phaseIndex(s.phase, looped);
    });
    this.i = clamp(start - 1, 0, Math.max(0, this.steps.length - 1));
  }

  /** showOutcome switches to outcome n, keeping the step number where it can. */
  showOutcome(n) {
    this.stop();
    this.choose(n, this.i + 1);
    this.build();
    this.root.querySelector(`input[name="${this.id}-outcome"][value="${n}"]`)?.focus();
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
    this.timer = setInterval(() => this.next(), STEP_MS / this.speed);
    this.renderPlay();
  }

  /** setSpeed plays at factor times the normal pace (a step every STEP_MS / factor ms). */
  setSpeed(factor) {
    this.speed = factor;
    if (this.speedEl) this.speedEl.value = String(factor);
    if (this.timer) { this.stop(); this.play(); }
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
      fill(root, this.outcomePicker(), h('p', { class: 'muted' }, t('vis.nosteps')));
      return;
    }
    const n = this.steps.length;
    this.statusEl = h('p', { class: 'vis-status', id: id + '-status', 'aria-live': 'polite' });
    this.jump = h('input', { type: 'number', id: id + '-jump', min: '1', max: String(n), inputmode: 'numeric', class: 'vis-jump' });
    this.jump.addEventListener('change', () => this.go(Number(this.jump.value) || 1));
    this.slider = h('input', { type: 'range', min: '1', max: String(n), 'aria-label': t('vis.slider'), class: 'vis-slider', 'aria-describedby': id + '-status' });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.playBtn = h('button', { type: 'button', class: 'vis-play', onclick: () => this.toggle() });
    this.speedEl = h('select', { id: id + '-speed', class: 'vis-speed', onchange: (e) => this.setSpeed(Number(e.target.value)) },
      SPEEDS.map((f) => h('option', { value: String(f), selected: f === this.speed }, t('vis.speedx', { x: f }))));
    this.linkEl = this.linkFor ? h('a', { class: 'vis-link', id: id + '-link' }, t('vis.link')) : null;
    const btn = (cls, label, icon, fn) => h('button', { type: 'button', class: cls, 'aria-label': label, title: label, onclick: fn },
      h('span', { 'aria-hidden': 'true' }, icon), h('span', { class: 'btn-text' }, label));
    this.codeEl = h('ol', { class: 'code-lines' }, this.program.map((line, k) =>
      h('li', { 'data-line': String(k + 1) }, h('code', {}, line || ' '))));
    this.phasesEl = h('ol', { class: 'phases', 'aria-label': t('vis.phases') }, PHASES.map((p) =>
      h('li', { 'data-phase': p }, t('phase.' + p))));
    this.runningEl = h('p', { class: 'running' });
    this.ringEl = loopRing();
    this.stackEl = h('ol', { class: 'stack-frames', 'aria-labelledby': id + '-stack-h' });
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
    this.consoleEl = h('div', { class: 'console-box' });
    const listOpen = !!this.stepsList?.open; // the list stays open across an outcome or a language change
    this.stepsList = h('details', { class: 'vis-steps', open: listOpen, ontoggle: () => this.renderStepList() },
      h('summary', {}, t('vis.allsteps', { n })), h('ol', { class: 'step-list', 'aria-label': t('vis.allsteps', { n }) }));

    fill(root,
      h('div', { class: 'vis-head' },
        this.title ? h('h3', {}, this.title) : null,
        this.node ? h('span', { class: 'badge node' }, 'Node ' + this.node) : null,
        this.statusEl),
      this.outcomePicker(),
      h('div', { class: 'vis-controls', role: 'toolbar', 'aria-label': t('vis.title'), 'aria-controls': id + '-body' },
        btn('vis-first', t('vis.first'), '«', () => this.go(1)),
        btn('vis-back', t('vis.back'), '‹', () => this.back()),
        this.playBtn,
        btn('vis-next', t('vis.next'), '›', () => this.next()),
        btn('vis-last', t('vis.last'), '»', () => this.go(n)),
        h('label', { class: 'vis-speed-label', for: id + '-speed' }, t('vis.speed')), this.speedEl,
        h('label', { class: 'vis-jump-label', for: id + '-jump' }, t('vis.jump')), this.jump,
        this.slider, this.linkEl),
      h('p', { class: 'help' }, t('vis.keys')),
      h('div', { class: 'vis-body', id: id + '-body' },
        h('section', { class: 'vis-code', 'aria-label': t('vis.code') },
          h('h4', {}, t('vis.code')), h('div', { class: 'code-scroll', tabindex: '0', 'aria-label': t('vis.code') }, this.codeEl)),
        h('section', { class: 'vis-loop' },
          this.runningEl,
          h('h4', {}, t('vis.phases')), h('div', { class: 'loop-figure' }, this.ringEl, this.phasesEl)),
        h('section', { class: 'vis-stack', 'aria-labelledby': id + '-stack-h' },
          h('h4', { id: id + '-stack-h' }, t('stack.title')), this.stackEl),
        h('section', { class: 'vis-what' }, h('h4', {}, t('vis.explain')), this.explainEl),
        h('div', { class: 'vis-queues' }, QUEUES.map(queueBox)),
        h('section', { class: 'q q-outside', 'data-queue': 'outside', 'aria-labelledby': id + '-out-h' },
          h('h4', { id: id + '-out-h' }, t('q.outside')),
          h('div', { class: 'outside-grid' },
            h('div', { 'data-queue': 'pool' }, h('h5', { id: id + '-pool-h' }, t('q.pool')), this.poolEl),
            h('div', { 'data-queue': 'poolQueue' }, h('h5', { id: id + '-poolq-h' }, t('q.poolQueue')), this.poolQueueEl),
            h('div', { 'data-queue': 'kernel' }, h('h5', { id: id + '-kernel-h' }, t('q.kernel')), this.kernelEl))),
        h('section', { class: 'vis-console', 'data-queue': 'console', 'aria-labelledby': id + '-console-h' },
          h('h4', { id: id + '-console-h' }, t(this.answer ? 'vis.console.compare' : 'vis.console')), this.consoleEl)),
      this.stepsList,
      h('p', { class: 'help legend' }, h('span', { class: 'new-swatch', 'aria-hidden': 'true' }), ' ', t('vis.legend')),
      this.compare ? this.compareEl : null);
    this.renderPlay();
    this.render();
    this.renderStepList();
  }

  /** outcomePicker lets the learner choose which outcome of a race to step through. */
  outcomePicker() {
    if (this.traces.length < 2) return null;
    const name = this.id + '-outcome';
    return h('fieldset', { class: 'vis-outcomes' },
      h('legend', {}, t('vis.outcomes', { n: this.traces.length })),
      h('ul', {}, this.traces.map((tr, k) => h('li', {},
        h('label', { 'data-outcome': String(tr.n) },
          h('input', { type: 'radio', name, value: String(tr.n), checked: k === this.o, onchange: () => this.showOutcome(tr.n) }),
          h('span', {}, h('strong', {}, t('vis.outcome', { n: tr.n })),
            tr.condition ? h('span', { class: 'condition' }, ' ', whenText(tr)) : null,
            tr.steps.length ? null : h('span', { class: 'muted' }, ' ', t('vis.notrace'))))))));
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
    const outcome = this.traces[this.o].n;
    this.root.dataset.step = String(s.n ?? this.i + 1);
    this.root.dataset.outcome = String(outcome);
    // The status is read out at every step: where, and (to a screen reader) what runs.
    fill(this.statusEl, t('vis.step', { n: this.i + 1, total: n, t: ms(s.t_us || 0) }) +
      (this.traces.length > 1 ? ' · ' + t('vis.outcome', { n: outcome }) : ''),
    h('span', { class: 'sr-only' }, ' · ' + t('vis.running') + ': ' + runningText(s)));
    this.jump.value = String(this.i + 1);
    this.slider.value = String(this.i + 1);
    this.root.querySelector('.vis-back').disabled = this.i === 0;
    this.root.querySelector('.vis-first').disabled = this.i === 0;
    this.root.querySelector('.vis-next').disabled = this.i === n - 1;
    this.root.querySelector('.vis-last').disabled = this.i === n - 1;
    if (this.linkEl) this.linkEl.href = this.linkFor(outcome, this.i + 1);

    // Code: the current line (the code that runs, when the step runs a callback).
    const shown = codeLine(s);
    for (const li of this.codeEl.children) {
      const cur = Number(li.dataset.line) === shown;
      li.classList.toggle('current', cur);
      if (cur) li.setAttribute('aria-current', 'true'); else li.removeAttribute('aria-current');
    }
    const curLi = this.codeEl.querySelector('.current');
    if (curLi) {
      const box = curLi.closest('.code-scroll');
      const top = curLi.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - curLi.offsetHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }

    // Phases: the current one; what the main thread runs; the call stack.
    const pi = this.phaseIdx[this.i];
    [...this.phasesEl.children].forEach((li, k) => {
      li.classList.toggle('current', k === pi);
      if (k === pi) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
    });
    moveRing(this.ringEl, PHASES[pi] || 'main', s.stack?.length > 0);
    this.runningEl.replaceChildren(h('strong', {}, t('vis.running') + ': '), runningText(s));
    this.renderStack(s.stack || [], this.queuedChain(this.i));

    // Queues: each item with a link to the step that queued it; what left the queue in
    // this step fades out.
    for (const [key] of QUEUES) {
      const items = st[key] || [];
      const before = new Map((prev?.[key] || []).map((it) => [it.id, it]));
      const now = new Set(items.map((it) => it.id));
      fillItems(this.queueEls[key], items.map((it) => {
        const old = before.get(it.id);
        const changed = !old || (key === 'timers' && (old.due_ms !== it.due_ms || old.list_id !== it.list_id));
        const extra = key === 'timers'
          ? [h('span', { class: 'due' }, t('q.due', { t: it.due_ms })), h('span', { class: 'meta' }, t('q.list', { id: it.list_id })), it.repeat ? h('span', { class: 'meta' }, t('q.repeat')) : null]
          : [];
        return item(it, changed, extra, this.stepLink(this.queuedAt(key, it.id, this.i)));
      }));
      for (const [id, it] of before) {
        if (!now.has(id)) this.queueEls[key].append(h('li', { class: 'leaving', 'aria-hidden': 'true', onanimationend: (e) => e.target.remove() }, h('span', { class: 'label' }, it.label)));
      }
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
    const info = EVENTS[s.event];
    fill(this.explainEl,
      h('p', { class: 'event' }, info ? [h('strong', {}, text(info.name)), ' '] : null, h('code', { class: 'event-kind' }, s.event),
        s.detail ? [' · ', h('span', { class: 'detail' }, s.detail)] : null,
        s.line ? h('span', { class: 'meta' }, ' · ' + t(shown !== s.line ? 'vis.registeredAt' : 'vis.line', { n: s.line })) : null,
        s.rule ? h('span', { class: 'rule' }, ' · ' + t('vis.rule', { r: s.rule })) : null),
      h('p', { class: 'explain' }, explain || ''));

    this.renderConsole(st, prev);
    if (this.stepsList.open) this.markStepList();
  }

  /**
   * renderStack lists the call stack, innermost first, the async frames after a rule;
   * the k-th async frame links to chain[k], the step that queued the callback above it.
   */
  renderStack(frames, chain) {
    if (!frames.length) {
      fill(this.stackEl, h('li', { class: 'frame empty muted' }, t('stack.empty')));
      return;
    }
    let asyncK = 0;
    fill(this.stackEl, frames.map((f) => {
      const line = f.line ? h('span', { class: 'line' }, 'L' + f.line) : null;
      const elided = f.elided ? h('li', { class: 'frame elided muted' }, t('stack.elided', { n: f.elided })) : null;
      switch (f.kind) {
        case FRAME.async:
          return h('li', { class: 'frame async', 'data-kind': f.kind, 'data-label': f.label || '' },
            f.line ? t('stack.async', { n: f.line, by: frameLabel(f) }) : t('stack.asyncNoLine', { by: frameLabel(f) }),
            this.stepLink(chain[asyncK++]));
        case FRAME.function:
          return h('li', { class: 'frame function', 'data-kind': f.kind }, h('code', {}, (f.function || t('stack.anon')) + '()'), ' ', line);
        default: // the main code or the callback the runtime called
          return [elided, h('li', { class: 'frame ' + f.kind, 'data-kind': f.kind, 'data-label': f.label || '' },
            h('strong', {}, frameLabel(f)), f.function ? [' ', h('code', {}, f.function + '()')] : null, ' ', line)];
      }
    }));
  }

  /**
   * queuedAt is the step index at which item id entered queue key, as seen from step i
   * (it is in the queue from there to i without a break); -1 if it is not in it at i.
   */
  queuedAt(key, id, i) {
    const has = (k) => (this.steps[k]?.state?.[key] || []).some((it) => it.id === id);
    if (!has(i)) return -1;
    let k = i;
    while (k > 0 && has(k - 1)) k--;
    return k;
  }

  /**
   * queuedChain lists, for step i, the steps that queued what runs: the step that queued
   * the callback running at i, then the step that queued the callback running there, and
   * so on (the async frames of the call stack, in order); -1 where it is not known.
   */
  queuedChain(i) {
    const chain = [];
    for (let j = i; chain.length < 16;) {
      const k = this.queuedBefore(j);
      if (k < 0 || chain.includes(k)) break;
      chain.push(k);
      j = k;
    }
    return chain;
  }

  /** queuedBefore is the step that queued the callback running at step j (-1: none known). */
  queuedBefore(j) {
    const top = (k) => (this.steps[k]?.stack || [])[0];
    const cur = top(j);
    if (!cur || cur.kind === FRAME.main) return -1;
    // The step at which this callback started running: back while the same one runs.
    let r = j;
    while (r > 0 && top(r - 1)?.label === cur.label && top(r - 1)?.line === cur.line && top(r - 1)?.kind === cur.kind) r--;
    if (r === 0) return -1;
    const was = this.steps[r - 1].state || {};
    const is = this.steps[r].state || {};
    for (const [key] of QUEUES) {
      const gone = (was[key] || []).find((it) => it.label === cur.label && !(is[key] || []).some((x) => x.id === it.id));
      if (gone) return this.queuedAt(key, gone.id, r - 1);
    }
    return -1;
  }

  /** stepLink is a button to step index k ("queued at step k+1"), or nothing for k < 0. */
  stepLink(k) {
    if (k == null || k < 0) return null;
    return h('button', { type: 'button', class: 'link queued-at', 'data-step': String(k + 1), onclick: () => { this.stop(); this.go(k + 1); } },
      t('vis.queuedat', { n: k + 1 }));
  }

  /**
   * renderConsole shows what the program printed so far; with the learner's order, the
   * two side by side, line by line, the first difference marked with a way to the step
   * that prints the runtime's line.
   */
  renderConsole(st, prev) {
    const count = st.console_lines ?? 0;
    const prevCount = prev?.console_lines ?? 0;
    if (!this.answer) {
      const lines = this.console.slice(0, count);
      fill(this.consoleEl, h('ol', { class: 'console-lines', 'aria-label': t('vis.console') },
        lines.length ? lines.map((l, k) => h('li', { class: k >= prevCount ? 'new' : null }, l)) : h('li', { class: 'muted empty' }, t('vis.noconsole'))));
      return;
    }
    const runtime = this.console;
    const first = firstDifference(this.answer, runtime);
    const rows = [];
    for (let k = 0; k < Math.max(runtime.length, this.answer.length); k++) {
      const printed = k < count;
      const mine = this.answer[k];
      const ok = mine !== undefined && mine === runtime[k];
      const cls = [printed ? 'printed' : 'later', printed && k >= prevCount ? 'new' : '', k === first ? 'first-diff' : ''].filter(Boolean).join(' ');
      rows.push(h('tr', { class: cls, 'data-line': String(k + 1), 'data-mark': ok ? 'right' : 'wrong' },
        h('th', { scope: 'row' }, String(k + 1)),
        h('td', { class: 'runtime' }, printed ? h('code', {}, runtime[k] ?? '') : h('span', { class: 'muted' }, t('vis.notyet'))),
        h('td', { class: 'mine' }, mine === undefined ? '—' : h('code', {}, mine)),
        h('td', { class: 'mark' }, h('span', { 'aria-hidden': 'true' }, ok ? '✓' : '✗'), h('span', { class: 'sr-only' }, t(ok ? 'result.right' : 'result.wrong')))));
    }
    fill(this.consoleEl, h('div', { class: 'table-scroll' }, h('table', { class: 'compare vis-compare' },
      h('caption', { class: 'sr-only' }, t('vis.console.compare')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('result.runtime')), h('th', { scope: 'col' }, t('result.yours')),
        h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, t('result.mark'))))),
      h('tbody', {}, rows))),
    this.divergenceNote(first, runtime));
  }

  /** divergenceNote says where the orders first differ, with a button to the step that prints the runtime's line there. */
  divergenceNote(k, runtime) {
    if (k < 0) return h('p', { class: 'vis-diff same' }, t('vis.same'));
    const at = this.steps.findIndex((s) => (s.state?.console_lines ?? 0) > k);
    return h('p', { class: 'vis-diff' },
      runtime[k] === undefined ? t('vis.diff.none', { n: k + 1 }) : t('vis.diff', { n: k + 1, line: runtime[k] }),
      at >= 0 ? [' ', h('button', { type: 'button', class: 'vis-to-diff', 'data-step': String(at + 1), onclick: () => this.go(at + 1) }, t('vis.todiff', { n: at + 1 }))] : null);
  }

  /** renderStepList fills the list of every step when it is opened (a long trace costs nothing until then). */
  renderStepList() {
    if (!this.stepsList.open) return;
    const list = this.stepsList.querySelector('ol');
    if (list.children.length !== this.steps.length) {
      fill(list, this.steps.map((s, k) => h('li', {},
        h('button', { type: 'button', class: 'link step-link', 'data-step': String(k + 1), 'data-event': s.event, 'data-label': s.label || null, 'data-line': String(s.line || 0), onclick: () => this.go(k + 1) },
          h('span', { class: 'n' }, String(k + 1)), ' ', h('span', { class: 'meta' }, ms(s.t_us || 0) + ' ms'), ' ',
          EVENTS[s.event] ? text(EVENTS[s.event].name) : s.event, s.label || s.detail ? ': ' + (s.label || s.detail) : '',
          s.line ? h('span', { class: 'line' }, ' L' + s.line) : null))));
    }
    this.markStepList();
  }

  markStepList() {
    const list = this.stepsList.querySelector('ol');
    list.querySelector('[aria-current]')?.removeAttribute('aria-current');
    list.children[this.i]?.querySelector('button').setAttribute('aria-current', 'step');
  }

  onKey(e) {
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (tag === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
    if (tag === 'SUMMARY' && (e.key === ' ' || e.key === 'Enter')) return;
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

/** whenText says when the runtime prints an outcome. */
function whenText(tr) {
  return '(' + text(tr.condition) + ')';
}

/** firstDifference is the first line where the learner's order and the runtime's differ (-1: none). */
function firstDifference(answer, runtime) {
  for (let k = 0; k < Math.max(answer.length, runtime.length); k++) if (answer[k] !== runtime[k]) return k;
  return -1;
}

function frameLabel(f) {
  return f.kind === FRAME.main || f.label === 'main code' ? t('vis.mainCode') : (f.label || t('stack.anon'));
}

function item(it, changed, extra = [], link = null) {
  return h('li', { class: 'item' + (changed ? ' new' : ''), 'data-id': String(it.id) },
    h('span', { class: 'label' }, it.label),
    it.line ? h('span', { class: 'line' }, 'L' + it.line) : null,
    extra,
    changed ? h('span', { class: 'sr-only' }, ' (' + t('q.new') + ')') : null,
    link);
}

// The ring of the loop's phases, drawn as libuv runs them: timers (at the end of an
// iteration since Node 20.3), pending, poll, check, close, round again; the main code
// and the timers before the first iteration lead in, the exit leads out. A marker moves
// to the phase of the step (animated, unless the reader asked for less motion). The
// ordered list beside it says the same to a screen reader, so the drawing is hidden from it.
const RING = ['timers', 'pending', 'poll', 'check', 'close'];
const RING_AT = (() => {
  const at = {};
  RING.forEach((p, k) => {
    const a = -Math.PI / 2 + (k * 2 * Math.PI) / RING.length;
    at[p] = [100 + 70 * Math.cos(a), 100 + 70 * Math.sin(a)];
  });
  at.main = [22, 22];
  at.timers1 = at.timers;
  at.exit = [178, 182];
  return at;
})();

function loopRing() {
  const NS = 'http://www.w3.org/2000/svg';
  const el = (name, attrs, ...kids) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.append(...kids);
    return e;
  };
  const svg = el('svg', { class: 'loop-ring', viewBox: '0 0 200 200', 'aria-hidden': 'true', focusable: 'false' },
    el('circle', { class: 'ring-track', cx: '100', cy: '100', r: '70' }));
  for (const p of RING) {
    const [x, y] = RING_AT[p];
    svg.append(el('g', { class: 'ring-node', 'data-phase': p },
      el('circle', { cx: String(x), cy: String(y), r: '19' }),
      el('text', { x: String(x), y: String(y + 4), 'text-anchor': 'middle' }, RING_LABEL[p])));
  }
  svg.append(el('text', { class: 'ring-end', x: '4', y: '12' }, 'main'), el('text', { class: 'ring-end', x: '196', y: '196', 'text-anchor': 'end' }, 'exit'),
    el('circle', { class: 'ring-marker', r: '7', cx: '0', cy: '0' }));
  return svg;
}

// Short names that fit a node of the ring (the list beside it has the full ones).
const RING_LABEL = { timers: 'timers', pending: 'pend.', poll: 'poll', check: 'check', close: 'close' };

function moveRing(svg, phase, running) {
  const [x, y] = RING_AT[phase] || RING_AT.main;
  const marker = svg.querySelector('.ring-marker');
  marker.style.transform = `translate(${x}px, ${y}px)`;
  marker.classList.toggle('running', running);
  for (const g of svg.querySelectorAll('.ring-node')) g.classList.toggle('current', g.dataset.phase === (phase === 'timers1' ? 'timers' : phase));
  svg.dataset.phase = phase;
}

function fillItems(list, items, keepEmpty) {
  if (!items.length && !keepEmpty) fill(list, h('li', { class: 'empty muted' }, t('q.empty')));
  else fill(list, items);
  list.dataset.count = String(items.length);
}

/** runningText says what the main thread runs at a step: the code the runtime called, or nothing. */
// codeLine is the line of code a step shows: for a step that runs a callback of the
// program's, the callback's own line (callback_line); otherwise the step's line, which
// for a queued or run callback is the call that registered it (.then, setTimeout...).
export function codeLine(s) {
  const role = EVENTS[s.event]?.role;
  if ((role === ROLE.micro || role === ROLE.macro) && s.callback_line) return s.callback_line;
  return s.line;
}

function runningText(s) {
  const called = (s.stack || []).find((f) => f.kind === FRAME.main || f.kind === FRAME.callback);
  if (called) return frameLabel(called);
  const role = EVENTS[s.event]?.role;
  if (s.event === EV.pollWaits) return t('vis.idle');
  if (role === ROLE.process) return t('phase.exit');
  return t('vis.nothing');
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
  for (const s of steps || []) if (s.event === EV.console) out.push(...String(s.detail).split('\n'));
  return out;
}

function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }
