// The source of web/static/vendor/codemirror.js (build-editor.sh bundles it): the parts
// of CodeMirror 6 the pages use, behind a small API that web/static/js/editor.js calls.
import { EditorState, Compartment } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, highlightSpecialChars } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { indentOnInput, bracketMatching, syntaxHighlighting, HighlightStyle, indentUnit, StreamLanguage } from '@codemirror/language';
import { javascript } from '@codemirror/legacy-modes/mode/javascript';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { tags } from '@lezer/highlight';

// Colours with at least 4.5:1 contrast on the editor's white (WCAG AA for text).
const style = HighlightStyle.define([
  { tag: tags.keyword, color: '#7a1f8f' },
  { tag: [tags.string, tags.special(tags.string)], color: '#a11515' },
  { tag: tags.comment, color: '#5d6670', fontStyle: 'italic' },
  { tag: [tags.number, tags.bool, tags.null], color: '#116644' },
  { tag: [tags.definition(tags.variableName), tags.function(tags.variableName)], color: '#0b4f9c' },
  { tag: tags.propertyName, color: '#1d4d7a' },
  { tag: tags.invalid, color: '#a21b1b' },
]);

/**
 * create makes an editor in parent with doc; onChange(text) follows every edit. label
 * is the id of the element that names it (its label).
 */
export function create(parent, doc, { onChange, labelledBy, readOnly = false } = {}) {
  const editable = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightSpecialChars(), history(), drawSelection(),
        indentOnInput(), bracketMatching(), highlightActiveLine(), indentUnit.of('  '), EditorState.tabSize.of(2),
        syntaxHighlighting(style), StreamLanguage.define(javascript), lintGutter(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy || '', 'aria-multiline': 'true', spellcheck: 'false', autocapitalize: 'off', tabindex: '0' }),
        editable.of([EditorView.editable.of(!readOnly), EditorState.readOnly.of(readOnly)]),
        EditorView.updateListener.of((u) => { if (u.docChanged && onChange) onChange(u.state.doc.toString()); }),
      ],
    }),
  });
  return {
    view,
    /** text is the editor's content. */
    text: () => view.state.doc.toString(),
    /** setText replaces the content (not an edit the learner made: onChange is not called). */
    setText(s) {
      if (s === view.state.doc.toString()) return;
      const was = onChange;
      onChange = null;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s } });
      onChange = was;
    },
    /** setReadOnly makes it read-only or editable. */
    setReadOnly(ro) {
      view.dispatch({ effects: editable.reconfigure([EditorView.editable.of(!ro), EditorState.readOnly.of(ro)]) });
    },
    /**
     * mark shows errors at their place: [{line, column, message}] with 1-based line and
     * column (column 0 or missing: the whole line); an empty list clears them.
     */
    mark(errors) {
      const doc = view.state.doc;
      const diags = errors.filter((e) => e.line >= 1 && e.line <= doc.lines).map((e) => {
        const ln = doc.line(e.line);
        const from = e.column > 0 ? Math.min(ln.from + e.column - 1, ln.to) : ln.from;
        return { from, to: e.column > 0 ? Math.min(from + 1, ln.to) : ln.to, severity: 'error', message: e.message };
      });
      view.dispatch(setDiagnostics(view.state, diags));
    },
    focus: () => view.focus(),
  };
}
