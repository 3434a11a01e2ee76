// A code editor that needs no library: a textarea with a line-number gutter that follows
// its scrolling. Tab is left to the browser (moving focus), so the editor never traps
// keyboard users.
import { h } from './dom.js';
import { t } from './i18n.js';

/** editor wraps textarea (already in the page) with line numbers and returns it. */
export function editor(textarea) {
  const gutter = h('pre', { class: 'gutter', 'aria-hidden': 'true' });
  const wrap = h('div', { class: 'editor' });
  textarea.replaceWith(wrap);
  wrap.append(gutter, textarea);
  textarea.spellcheck = false;
  textarea.setAttribute('autocapitalize', 'off');
  textarea.setAttribute('autocomplete', 'off');
  textarea.wrap = 'off';
  textarea.classList.add('code');
  const sync = () => {
    const n = textarea.value.split('\n').length;
    if (gutter.dataset.n !== String(n)) {
      gutter.textContent = Array.from({ length: n }, (_, i) => i + 1).join('\n');
      gutter.dataset.n = String(n);
    }
    gutter.scrollTop = textarea.scrollTop;
  };
  textarea.addEventListener('input', sync);
  textarea.addEventListener('scroll', () => { gutter.scrollTop = textarea.scrollTop; });
  textarea.editorSync = sync;
  sync();
  return textarea;
}

/** setCode replaces an editor's text. */
export function setCode(textarea, code) {
  textarea.value = code;
  textarea.editorSync?.();
}

/**
 * codeBlock shows read-only code with line numbers. Long lines scroll sideways (by touch,
 * or by keyboard: the block takes the focus), and while some line is wider than the box a
 * cue under it says so.
 */
export function codeBlock(code, label) {
  const lines = String(code).replace(/\n$/, '').split('\n');
  const list = h('ol', { class: 'code-lines static', tabindex: '0', 'aria-label': label || t('vis.code') },
    lines.map((l, i) => h('li', { 'data-line': String(i + 1) }, h('code', {}, l || ' '))));
  const cue = h('p', { class: 'scroll-cue help', 'aria-hidden': 'true', hidden: true }, t('code.scroll'));
  const check = () => {
    const more = list.scrollWidth > list.clientWidth + 1;
    cue.hidden = !more;
    list.classList.toggle('overflows', more);
  };
  new ResizeObserver(check).observe(list);
  document.addEventListener('langchange', () => { cue.textContent = t('code.scroll'); });
  return h('div', { class: 'code-block' }, list, cue);
}
