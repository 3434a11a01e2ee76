// The per-request timeline of a server scenario (the seed's timeline widget): one row per
// request, its segments coloured by what it waits for, its latency, the slowest request,
// when everything is done, percentiles, throughput and event-loop delay. It reads the
// simulator's Result.Summary.server:
//   {requests: [{id, label, method, path, send_us, start_us, end_us, latency_us, status,
//                result, segments: [{kind, start_us, end_us}]}],
//    paths: [{path, count, failed, p50_us, p90_us, p99_us, max_us}], all: {...},
//    throughput_rps, loop_delay: {p99_us, max_us, samples}, elu, slowest_id}
// (or a bare Summary.requests list). Segment kinds: "js" (running JavaScript on the main
// thread), "wait" (waiting for the main thread or a pool thread), "pool" (running on a
// pool thread), "io" (waiting on I/O, no thread). Missing times are derived from the
// segments and missing percentiles computed here (nearest rank, as the simulator does).
import { h, fill, ms } from './dom.js';
import { t } from './i18n.js';

const KINDS = ['js', 'wait', 'pool', 'io'];
const MAX_ROWS = 150;

/** serverOf finds the server measurements of a summary, or null. */
export function serverOf(summary) {
  if (summary?.server && Array.isArray(summary.server.requests)) return summary.server;
  if (Array.isArray(summary?.requests)) return { requests: summary.requests };
  return null;
}

/** requestsOf normalises the requests of a summary; [] when it has none. */
export function requestsOf(summary) {
  const reqs = serverOf(summary)?.requests || [];
  return reqs.map((r, i) => {
    const segs = (r.segments || []).filter((s) => s && s.end_us >= s.start_us);
    const first = segs.length ? Math.min(...segs.map((s) => s.start_us)) : 0;
    const last = segs.length ? Math.max(...segs.map((s) => s.end_us)) : 0;
    const start = r.send_us ?? r.start_us ?? first;
    const end = r.end_us ?? last;
    return {
      id: r.id ?? i + 1, label: r.label || r.path || '#' + (i + 1), path: r.path || '', status: r.status,
      ok: !r.result || r.result === 'ok', result: r.result || 'ok',
      start, end, latency: r.latency_us ?? (end - start), segments: segs,
    };
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
  const server = serverOf(summary);
  const reqs = requestsOf(summary);
  root.hidden = reqs.length === 0;
  if (root._tlDraw) document.removeEventListener('langchange', root._tlDraw);
  root._tlDraw = null;
  if (!reqs.length) { root.replaceChildren(); return false; }
  const draw = () => {
    const ok = reqs.filter((r) => r.ok);
    const t0 = Math.min(...reqs.map((r) => r.start));
    const t1 = Math.max(...reqs.map((r) => r.end));
    const span = Math.max(1, t1 - t0);
    const lat = ok.map((r) => r.latency).sort((a, b) => a - b);
    const slowest = reqs.find((r) => r.id === server.slowest_id && server.slowest_id) ||
      (ok.length ? ok.reduce((a, b) => (b.latency > a.latency ? b : a)) : reqs[0]);
    const all = server.all && server.all.count ? server.all : null;
    const pct = (p) => (all ? all[`p${p}_us`] : percentile(lat, p));
    const figure = (value, label, cls) => h('div', { class: 'figure ' + (cls || '') },
      h('span', { class: 'value' }, value), h('span', { class: 'what' }, label));
    const delay = server.loop_delay && server.loop_delay.samples ? server.loop_delay : null;
    const shown = reqs.length > MAX_ROWS ? reqs.slice(0, MAX_ROWS).concat(reqs.indexOf(slowest) >= MAX_ROWS ? [slowest] : []) : reqs;
    const paths = Array.isArray(server.paths) && server.paths.length > 1 ? server.paths : null;
    fill(root,
      h('h3', {}, t('tl.title')),
      h('div', { class: 'figures' },
        figure(t('common.ms', { v: ms(slowest.latency) }), t('tl.slowest', { label: slowest.label }), 'slowest'),
        figure(t('common.ms', { v: ms(t1) }), t('tl.done'), 'done'),
        [50, 90, 99].map((p) => figure(t('common.ms', { v: ms(pct(p)) }), 'p' + p, 'p' + p)),
        server.throughput_rps ? figure(String(Math.round(server.throughput_rps * 10) / 10), t('tl.throughput'), 'rps') : null,
        delay ? figure(t('common.ms', { v: ms(delay.p99_us) + ' / ' + ms(delay.max_us) }), t('tl.delay'), 'delay') : null,
        server.elu != null ? figure(Math.round(server.elu * 100) + '%', t('tl.elu'), 'elu') : null),
      h('ul', { class: 'tl-legend' }, KINDS.map((k) => h('li', {}, h('span', { class: 'sw seg-' + k, 'aria-hidden': 'true' }), t('tl.' + k)))),
      paths ? h('table', { class: 'progress-table tl-paths' },
        h('caption', {}, t('tl.paths')),
        h('thead', {}, h('tr', {}, [t('tl.path'), t('tl.count'), t('tl.failed'), 'p50', 'p99', t('tl.max')].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, paths.map((p) => h('tr', { 'data-path': p.path },
          h('th', { scope: 'row' }, p.path), h('td', {}, String(p.count)), h('td', {}, String(p.failed || 0)),
          [p.p50_us, p.p99_us, p.max_us].map((v) => h('td', { class: 'num' }, p.count ? t('common.ms', { v: ms(v) }) : '—')))))) : null,
      shown.length < reqs.length ? h('p', { class: 'help' }, t('tl.shown', { n: shown.length, total: reqs.length })) : null,
      h('table', { class: 'tl' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('tl.request')), h('th', { scope: 'col' }, t('tl.timeline')), h('th', { scope: 'col', class: 'num' }, t('tl.latency')))),
        h('tbody', {}, shown.map((r) => {
          const bar = h('div', { class: 'tl-track', 'aria-hidden': 'true' });
          for (const s of r.segments) {
            const seg = h('span', { class: 'seg seg-' + (KINDS.includes(s.kind) ? s.kind : 'js'), title: t('tl.seg', { kind: t('tl.' + s.kind), a: ms(s.start_us), b: ms(s.end_us) }) });
            seg.style.left = ((s.start_us - t0) / span) * 100 + '%';
            seg.style.width = Math.max(0.3, ((s.end_us - s.start_us) / span) * 100) + '%';
            bar.append(seg);
          }
          const words = r.segments.map((s) => t('tl.seg', { kind: t('tl.' + s.kind), a: ms(s.start_us), b: ms(s.end_us) })).join('; ');
          return h('tr', { class: (r === slowest ? 'slowest' : '') + (r.ok ? '' : ' failed'), 'data-label': r.label },
            h('th', { scope: 'row' }, r.label, r.path && r.path !== r.label ? h('span', { class: 'meta' }, ' ' + r.path) : null),
            h('td', {}, bar, h('span', { class: 'sr-only' }, words)),
            h('td', { class: 'num latency' }, t('common.ms', { v: ms(r.latency) }), r.ok ? null : h('span', { class: 'meta' }, ' ' + r.result)));
        }))));
  };
  draw();
  root._tlDraw = draw;
  document.addEventListener('langchange', draw);
  return true;
}
