// The code editor of exercises, the playground and authoring: CodeMirror 6 (highlighting,
// indentation, error marks at their line), loaded on demand from vendor/codemirror.js
// (built by scripts/web/build-editor.sh). The textarea stays the value's home: it is kept
// in step with the editor both ways, so forms and callers read and set textarea.value
// (setCode, or an input event) as before; until the editor has loaded, and if it cannot
// load, the textarea itself is the editor. Tab indents; Escape then Tab leaves the editor,
// so it never traps keyboard users.
import { h } from './dom.js';
import { t } from './i18n.js';

let bundle = null; // the module, loaded once for every editor of the page

/** editor turns textarea (already in the page, with a label) into a code editor and returns it. */
export function editor(textarea, { readOnly = false } = {}) {
  textarea.spellcheck = false;
  textarea.setAttribute('autocapitalize', 'off');
  textarea.setAttribute('autocomplete', 'off');
  textarea.wrap = 'off';
  textarea.classList.add('code');
  const wrap = h('div', { class: 'editor' });
  // data-i18n: the language switch translates it (i18n.apply).
  const help = h('p', { class: 'help editor-help', id: (textarea.id || 'code') + '-keys', 'data-i18n': 'editor.keys' }, t('editor.keys'));
  textarea.replaceWith(wrap);
  wrap.append(textarea);
  wrap.after(help);
  bundle ??= import('../vendor/codemirror.js');
  textarea.editorReady = bundle.then((cm) => {
    const label = document.querySelector(`label[for="${CSS.escape(textarea.id)}"]`);
    if (label && !label.id) label.id = textarea.id + '-label';
    const ed = cm.create(wrap, textarea.value, {
      labelledBy: label?.id, readOnly: readOnly || textarea.readOnly,
      onChange: (text) => { textarea.value = text; textarea.dispatchEvent(new Event('input', { bubbles: true })); },
    });
    ed.view.contentDOM.setAttribute('aria-describedby', help.id);
    textarea.addEventListener('input', () => ed.setText(textarea.value));
    label?.addEventListener('click', () => ed.focus());
    textarea.hidden = true;
    textarea.cm = ed;
    return ed;
  }).catch(() => null); // offline or refused: the textarea stays the editor
  return textarea;
}

/** setCode replaces an editor's text. */
export function setCode(textarea, code) {
  textarea.value = code;
  textarea.cm?.setText(code);
  textarea.cm?.mark([]);
}

/**
 * markErrors marks errors in an editor at their place ([{line, column, message}], 1-based;
 * [] clears them): the simulator's syntax error, for one.
 */
export async function markErrors(textarea, errors) {
  const ed = await textarea.editorReady;
  ed?.mark(errors);
}

/** setReadOnly makes an editor read-only or editable. */
export function setReadOnly(textarea, ro) {
  textarea.readOnly = ro;
  textarea.cm?.setReadOnly(ro);
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
  const cue = h('p', { class: 'scroll-cue help', 'aria-hidden': 'true', hidden: true, 'data-i18n': 'code.scroll' }, t('code.scroll'));
  const check = () => {
    const more = list.scrollWidth > list.clientWidth + 1;
    cue.hidden = !more;
    list.classList.toggle('overflows', more);
  };
  new ResizeObserver(check).observe(list);
  return h('div', { class: 'code-block' }, list, cue);
}
