// The order answer: a list of lines to put in order. Four ways to move a line, each said
// in a live region in the page's language:
//  - drag it with a mouse, a finger or a pen (pointer events; a finger drags by the ⠿
//    handle, so that a swipe anywhere else still scrolls the page);
//  - on a focused line, Space or Enter picks it up, ↑/↓ (Home/End) move it, Space or
//    Enter drops it, Escape puts it back where it was; moving the focus away drops it;
//  - Alt+↑/Alt+↓ on a focused line moves it at once;
//  - its up and down buttons.
import { h, fill } from './dom.js';
import { t } from './i18n.js';

/** orderList renders lines into root and returns {value()} with the current order. */
export function orderList(root, lines) {
  let order = lines.slice();
  let grabbed = null; // the keyboard's pick-up: {at, from, before} (the order before it)
  let drag = null; // a pointer's drag: {id, from, to, y0, started, li}
  let rendering = false;
  const live = h('p', { class: 'sr-only order-live', 'aria-live': 'assertive' });
  const list = h('ol', { class: 'order', 'aria-label': t('order.list'), 'aria-describedby': 'order-help' });

  const say = (key, i) => { live.textContent = t(key, { line: order[i], pos: i + 1, n: order.length }); };
  const grip = (i) => list.children[i]?.querySelector('.grip');
  const focus = (i, sel) => list.children[i]?.querySelector(sel)?.focus();

  // reorder moves the line at from to to and draws the list again; false if it cannot.
  const reorder = (from, to) => {
    if (to < 0 || to >= order.length || from === to) return false;
    const [x] = order.splice(from, 1);
    order.splice(to, 0, x);
    render();
    return true;
  };
  // move is a finished move (a button, Alt+arrow, a drop): said, and the focus follows.
  const move = (from, to, sel) => {
    if (!reorder(from, to)) return;
    say('order.moved', to);
    if (sel) focus(to, sel);
  };

  // mark shows which line is picked up (its aria-pressed and its look).
  const mark = () => [...list.children].forEach((li, i) => {
    const on = grabbed?.at === i;
    li.classList.toggle('picked', on);
    li.querySelector('.grip').setAttribute('aria-pressed', String(on));
  });
  const pickUp = (i) => {
    grabbed = { at: i, from: i, before: order.slice() };
    mark();
    say('order.grabbed', i);
  };
  // drop puts the picked-up line down where it is, or back where it was (cancel).
  const drop = (cancel) => {
    const g = grabbed;
    grabbed = null;
    if (cancel && g.at !== g.from) {
      order = g.before;
      render();
      grip(g.from).focus();
    } else mark();
    say(cancel ? 'order.cancelled' : 'order.dropped', cancel ? g.from : g.at);
  };
  const step = (to) => {
    const from = grabbed.at;
    if (to < 0 || to >= order.length || to === from) return;
    grabbed.at = to;
    reorder(from, to);
    grip(to).focus();
    say('order.moved', to);
  };

  const onKey = (e, i) => {
    if (drag) { // while a pointer drags, Escape cancels and nothing else moves
      if (e.key === 'Escape') { e.preventDefault(); endDrag(false); }
      return;
    }
    if (grabbed) {
      const last = order.length - 1;
      const to = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: last }[e.key];
      if (to != null) { e.preventDefault(); step(Math.max(0, Math.min(last, to))); return; }
      if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); drop(false); return; }
      if (e.key === 'Escape') { e.preventDefault(); drop(true); }
      return;
    }
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      move(i, e.key === 'ArrowUp' ? i - 1 : i + 1, '.grip');
    } else if ((e.key === ' ' || e.key === 'Enter') && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      pickUp(i);
    }
  };

  // Pointer dragging: the line follows the pointer; the place it would land on is marked.
  const startDrag = (e, i) => {
    if (!e.isPrimary || e.button !== 0 || drag) return;
    if (e.pointerType === 'touch' && !e.target.closest('.handle')) return; // a swipe scrolls
    if (grabbed) drop(false);
    const g = grip(i);
    g.focus({ preventScroll: true });
    g.setPointerCapture(e.pointerId);
    drag = { id: e.pointerId, from: i, to: i, y0: e.pageY, started: false, li: list.children[i] };
    e.preventDefault(); // no text selection
  };
  const moveDrag = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dy = e.pageY - drag.y0;
    if (!drag.started && Math.abs(dy) < 4) return;
    drag.started = true;
    drag.li.classList.add('dragging');
    drag.li.style.transform = `translateY(${dy}px)`;
    // Where it lands: after every other line whose middle the pointer has passed.
    const others = [...list.children].filter((li) => li !== drag.li);
    drag.to = others.filter((li) => { const r = li.getBoundingClientRect(); return r.top + r.height / 2 < e.clientY; }).length;
    for (const li of others) li.classList.remove('over', 'over-after');
    if (drag.to !== drag.from) {
      if (drag.to < others.length) others[drag.to].classList.add('over');
      else others[others.length - 1].classList.add('over-after');
    }
    // Near the top or bottom of the screen, scroll so that far places can be reached.
    if (e.clientY < 48) window.scrollBy(0, -16);
    else if (e.clientY > window.innerHeight - 48) window.scrollBy(0, 16);
  };
  const endDrag = (ok) => {
    const d = drag;
    drag = null;
    if (!d?.started) return; // none, or a click
    if (ok && d.to !== d.from) { move(d.from, d.to, '.grip'); return; }
    render(); // clears the marks
    grip(d.from).focus();
  };

  const render = () => {
    rendering = true;
    fill(list, order.map((line, i) => {
      const picked = grabbed?.at === i;
      const g = h('span', {
        class: 'grip', tabindex: '0', role: 'button', 'aria-roledescription': t('order.roledesc'), 'aria-pressed': String(picked),
        'aria-label': `${i + 1}. ${line}`, 'aria-describedby': 'order-help',
        onkeydown: (e) => onKey(e, i),
        // Space scrolls the page on keypress, which not every source of keys skips after a
        // handled keydown.
        onkeypress: (e) => { if (e.key === ' ') e.preventDefault(); },
        onpointerdown: (e) => startDrag(e, i),
        onpointermove: moveDrag,
        onpointerup: (e) => { if (drag && e.pointerId === drag.id) endDrag(true); },
        onpointercancel: (e) => { if (drag && e.pointerId === drag.id) endDrag(false); },
        onlostpointercapture: (e) => { if (drag && e.pointerId === drag.id) endDrag(false); },
      }, h('span', { 'aria-hidden': 'true', class: 'handle' }, '⠿'), h('code', {}, line));
      return h('li', { class: 'order-item' + (picked ? ' picked' : ''), 'data-line': line, 'data-pos': String(i) }, g,
        h('span', { class: 'moves' },
          h('button', { type: 'button', class: 'up', 'aria-label': t('order.up', { line }), title: t('order.up', { line }), disabled: i === 0, onclick: () => move(i, i - 1, i - 1 === 0 ? '.down' : '.up') }, '↑'),
          h('button', { type: 'button', class: 'down', 'aria-label': t('order.down', { line }), title: t('order.down', { line }), disabled: i === order.length - 1, onclick: () => move(i, i + 1, i + 1 === order.length - 1 ? '.up' : '.down') }, '↓')));
    }));
    rendering = false;
  };
  // Moving the focus out of a picked-up line drops it where it is.
  list.addEventListener('focusout', (e) => {
    if (rendering || !grabbed || e.relatedTarget === grip(grabbed.at)) return;
    drop(false);
  });
  render();
  fill(root, h('p', { class: 'help', id: 'order-help' }, t('order.help')), list, live);
  return { value: () => order.slice() };
}
