// Tiny DOM helpers. Text always goes through textContent: nothing from the server or the
// URL is ever parsed as HTML.

/** h creates an element: h('li', {class: 'x', onclick: f, 'aria-label': 'y'}, child...). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'value') el.value = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

/** $ finds one element. */
export const $ = (sel, root = document) => root.querySelector(sel);

/** clear empties an element and appends children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** ms renders microseconds as milliseconds without trailing zeros. */
export function ms(us) {
  const v = Math.round(us) / 1000;
  return String(Number.isInteger(v) ? v : Number(v.toFixed(3)));
}

/**
 * reveal moves the focus to el (focusable: tabindex -1 or a control) and scrolls its top
 * to the top of the screen, so what an action produced is in view on a phone as on a
 * desktop, wherever the page was scrolled.
 */
export function reveal(el) {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'start' });
}
