// The per-request timeline of a server scenario (the seed's timeline widget): one row per
// request, its segments coloured by what it waits for, its latency, the slowest request,
// when everything is done, and percentiles. It reads Result.Summary.requests:
//   [{label, path, send_us?, end_us?, latency_us?, status?, segments: [{kind, start_us, end_us}]}]
// with kind "js" (running JavaScript on the main thread), "wait" (waiting for the main
// thread or a pool thread), "pool" (running on a pool thread) or "io" (waiting on I/O,
// no thread). Missing send/end/latency fields are derived from the segments.
import { h, fill, ms } from './dom.js';
import { t } from './i18n.js';

const KINDS = ['js', 'wait', 'pool', 'io'];

/** requestsOf normalises summary.requests; [] when the summary has none. */
export function requestsOf(summary) {
  const reqs = Array.isArray(summary?.requests) ? summary.requests : [];
  return reqs.map((r, i) => {
    const segs = (r.segments || []).filter((s) => s && s.end_us >= s.start_us);
    const first = segs.length ? Math.min(...segs.map((s) => s.start_us)) : 0;
    const last = segs.length ? Math.max(...segs.map((s) => s.end_us)) : 0;
    const start = r.send_us ?? r.sent_us ?? r.start_us ?? first;
    const end = r.end_us ?? last;
    const latency = r.latency_us ?? (end - start);
    return { label: r.label || r.path || '#' + (i + 1), path: r.path || '', status: r.status, start, end, latency, segments: segs };
  });
}

/** percentile is the nearest-rank percentile of sorted values. */
export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** renderTimeline draws the timeline into root; it hides root and returns false when there are no requests. */
export function renderTimeline(root, summary) {
  const reqs = requestsOf(summary);
  root.hidden = reqs.length === 0;
  if (!reqs.length) { root.replaceChildren(); return false; }
  const draw = () => {
    const t0 = Math.min(...reqs.map((r) => r.start));
    const t1 = Math.max(...reqs.map((r) => r.end));
    const span = Math.max(1, t1 - t0);
    const lat = reqs.map((r) => r.latency).sort((a, b) => a - b);
    const slowest = reqs.reduce((a, b) => (b.latency > a.latency ? b : a));
    const figure = (value, label, cls) => h('div', { class: 'figure ' + (cls || '') }, h('span', { class: 'value' }, t('common.ms', { v: ms(value) })), h('span', { class: 'what' }, label));
    fill(root,
      h('h3', {}, t('tl.title')),
      h('div', { class: 'figures' },
        figure(slowest.latency, t('tl.slowest', { label: slowest.label }), 'slowest'),
        figure(t1, t('tl.done'), 'done'),
        [50, 90, 99].map((p) => figure(percentile(lat, p), 'p' + p, 'p' + p))),
      h('ul', { class: 'tl-legend' }, KINDS.map((k) => h('li', {}, h('span', { class: 'sw seg-' + k, 'aria-hidden': 'true' }), t('tl.' + k)))),
      h('table', { class: 'tl' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('tl.request')), h('th', { scope: 'col' }, t('tl.timeline')), h('th', { scope: 'col', class: 'num' }, t('tl.latency')))),
        h('tbody', {}, reqs.map((r) => {
          const bar = h('div', { class: 'tl-track', 'aria-hidden': 'true' });
          for (const s of r.segments) {
            const seg = h('span', { class: 'seg seg-' + (KINDS.includes(s.kind) ? s.kind : 'js'), title: t('tl.seg', { kind: t('tl.' + s.kind), a: ms(s.start_us), b: ms(s.end_us) }) });
            seg.style.left = ((s.start_us - t0) / span) * 100 + '%';
            seg.style.width = Math.max(0.3, ((s.end_us - s.start_us) / span) * 100) + '%';
            bar.append(seg);
          }
          const words = r.segments.map((s) => t('tl.seg', { kind: t('tl.' + s.kind), a: ms(s.start_us), b: ms(s.end_us) })).join('; ');
          return h('tr', { class: r === slowest ? 'slowest' : null, 'data-label': r.label },
            h('th', { scope: 'row' }, r.label, r.path && r.path !== r.label ? h('span', { class: 'meta' }, ' ' + r.path) : null),
            h('td', {}, bar, h('span', { class: 'sr-only' }, words)),
            h('td', { class: 'num latency' }, t('common.ms', { v: ms(r.latency) })));
        }))));
  };
  draw();
  root._tlDraw && document.removeEventListener('langchange', root._tlDraw);
  root._tlDraw = draw;
  document.addEventListener('langchange', draw);
  return true;
}
