// The order answer: a list of lines to put in order by dragging, by Alt+↑/Alt+↓ on a
// focused line, or by its up and down buttons. A live region says where a line went.
import { h, fill } from './dom.js';
import { t } from './i18n.js';

/** orderList renders lines into root and returns {value()} with the current order. */
export function orderList(root, lines) {
  let order = lines.slice();
  let dragFrom = -1;
  const live = h('p', { class: 'sr-only', 'aria-live': 'assertive' });
  const list = h('ol', { class: 'order', 'aria-label': t('order.list'), 'aria-describedby': 'order-help' });

  const move = (from, to, focus) => {
    if (to < 0 || to >= order.length || from === to) return;
    const [x] = order.splice(from, 1);
    order.splice(to, 0, x);
    render();
    live.textContent = t('order.moved', { line: x, pos: to + 1, n: order.length });
    if (focus) list.children[to].querySelector(focus === 'item' ? '.grip' : focus)?.focus();
  };

  const render = () => {
    fill(list, order.map((line, i) => {
      const li = h('li', { class: 'order-item', draggable: 'true', 'data-line': line, 'data-pos': String(i) },
        h('span', { class: 'grip', tabindex: '0', role: 'button', 'aria-roledescription': 'sortable', 'aria-label': `${i + 1}. ${line}`, 'aria-describedby': 'order-help' },
          h('span', { 'aria-hidden': 'true', class: 'handle' }, '⠿'), h('code', {}, line)),
        h('span', { class: 'moves' },
          h('button', { type: 'button', class: 'up', 'aria-label': t('order.up', { line }), title: t('order.up', { line }), disabled: i === 0, onclick: () => move(i, i - 1, i - 1 === 0 ? '.down' : '.up') }, '↑'),
          h('button', { type: 'button', class: 'down', 'aria-label': t('order.down', { line }), title: t('order.down', { line }), disabled: i === order.length - 1, onclick: () => move(i, i + 1, i + 1 === order.length - 1 ? '.up' : '.down') }, '↓')));
      li.querySelector('.grip').addEventListener('keydown', (e) => {
        if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
        e.preventDefault();
        move(i, e.key === 'ArrowUp' ? i - 1 : i + 1, 'item');
      });
      li.addEventListener('dragstart', (e) => { dragFrom = i; li.classList.add('dragging'); e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', line); });
      li.addEventListener('dragend', () => li.classList.remove('dragging'));
      li.addEventListener('dragover', (e) => { e.preventDefault(); li.classList.add('over'); });
      li.addEventListener('dragleave', () => li.classList.remove('over'));
      li.addEventListener('drop', (e) => { e.preventDefault(); li.classList.remove('over'); if (dragFrom >= 0) move(dragFrom, i); dragFrom = -1; });
      return li;
    }));
  };
  render();
  fill(root, h('p', { class: 'help', id: 'order-help' }, t('order.help')), list, live);
  return { value: () => order.slice() };
}
