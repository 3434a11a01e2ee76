// Forms for the structured parts of a question, instead of raw JSON: its parameters, its
// hints, and the clients of its scenario (single requests and open-loop traffic to the
// program's HTTP server). Each form draws one row per item with add and remove buttons,
// checks every field as it is typed (aria-invalid and a message under the field), and
// gives the value the API takes. Field ids follow the API's field names
// (params[0].max is #f-params-0-max), so the server's errors land on the right field.
import { h, fill } from './dom.js';
import { t } from './i18n.js';

const NAME = /^[a-z][a-z0-9_]{0,31}$/;

/** fieldId is the id of the control of an API field ("params[0].max" -> "f-params-0-max"). */
export function fieldId(field) {
  return 'f-' + field.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-');
}

/** markField shows or clears the message under a field that is not right (aria-invalid, aria-describedby). */
export function markField(input, msg) {
  const id = input.id + '-err';
  input.parentElement.querySelector('#' + CSS.escape(id))?.remove();
  if (!msg) { input.removeAttribute('aria-invalid'); input.removeAttribute('aria-describedby'); return; }
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', id);
  input.after(h('p', { class: 'field-error', id }, msg));
}

function labelled(id, label, control) {
  return h('span', { class: 'field' }, h('label', { for: id }, label), control);
}

// listForm is a list of rows drawn by row(item, i) with add and remove buttons; rows
// validate themselves through check(item) -> {field: message}.
function listForm(box, { key, empty, addLabel, row, check, onchange }) {
  let items = [];
  const draw = () => {
    fill(box,
      items.length ? items.map((it, i) => h('div', { class: 'form-row', 'data-row': String(i) }, row(it, i, () => { validate(); onchange?.(); }),
        h('button', { type: 'button', class: 'remove', id: `${fieldId(key)}-${i}-remove`, 'aria-label': t('form.remove', { n: i + 1 }),
          onclick: () => { items.splice(i, 1); draw(); onchange?.(); } }, '×'))) : h('p', { class: 'muted' }, t(empty)),
      h('button', { type: 'button', class: 'add', id: fieldId(key) + '-add', onclick: () => { items.push({}); draw(); box.querySelector('.form-row:last-of-type input, .form-row:last-of-type textarea')?.focus(); onchange?.(); } }, addLabel));
  };
  const validate = () => {
    let ok = true;
    items.forEach((it, i) => {
      const errs = check(it);
      for (const input of box.querySelectorAll(`[data-row="${i}"] [data-key]`)) {
        const msg = errs[input.dataset.key] || '';
        if (msg) ok = false;
        markField(input, msg);
      }
    });
    return ok;
  };
  draw();
  return {
    set(list) { items = (list || []).map((x) => ({ ...x })); draw(); },
    items: () => items,
    validate,
  };
}

// input makes a text or number input bound to item[k].
function input(item, key, i, k, { type = 'text', label, onchange, lang } = {}) {
  const id = fieldId(`${key}[${i}].${k}`);
  const el = h(type === 'textarea' ? 'textarea' : 'input', { id, 'data-key': k, type: type === 'textarea' ? null : type, rows: type === 'textarea' ? '2' : null, lang,
    oninput: (e) => { item[k] = e.target.value; onchange(); } });
  el.value = item[k] == null ? '' : Array.isArray(item[k]) ? item[k].join(', ') : String(item[k]);
  return labelled(id, label, el);
}

const list = (s) => String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** paramsForm edits a question's parameters: a name and a range, choices or labels. */
export function paramsForm(box, onchange) {
  const key = 'params';
  const form = listForm(box, {
    key, empty: 'form.noparams', addLabel: t('form.addparam'), onchange,
    row: (p, i, changed) => [
      input(p, key, i, 'name', { label: t('form.param.name'), onchange: changed }),
      input(p, key, i, 'min', { type: 'number', label: t('form.param.min'), onchange: changed }),
      input(p, key, i, 'max', { type: 'number', label: t('form.param.max'), onchange: changed }),
      input(p, key, i, 'choices', { label: t('form.param.choices'), onchange: changed }),
      input(p, key, i, 'labels', { label: t('form.param.labels'), onchange: changed }),
    ],
    check: (p) => {
      const e = {};
      if (!NAME.test(String(p.name ?? '').trim())) e.name = t('form.err.name');
      const range = p.min !== undefined && p.min !== '' || p.max !== undefined && p.max !== '';
      const kinds = [range, list(p.choices).length > 0, list(p.labels).length > 0].filter(Boolean).length;
      if (kinds !== 1) e.choices = t('form.err.onekind');
      if (range && !(Number.isInteger(Number(p.min)) && Number.isInteger(Number(p.max)) && p.min !== '' && p.max !== '')) e.max = t('form.err.integers');
      else if (range && Number(p.min) > Number(p.max)) e.max = t('form.err.minmax');
      return e;
    },
  });
  return {
    set: (params) => form.set((params || []).map((p) => ({ ...p, choices: p.choices?.join(', '), labels: p.labels?.join(', ') }))),
    validate: form.validate,
    value() {
      return form.items().map((p) => {
        const out = { name: String(p.name ?? '').trim() };
        if (list(p.choices).length) out.choices = list(p.choices);
        else if (list(p.labels).length) out.labels = list(p.labels);
        else { out.min = Number(p.min); out.max = Number(p.max); }
        return out;
      });
    },
  };
}

/** hintsForm edits a question's hints, each in English and Vietnamese. */
export function hintsForm(box, onchange) {
  const key = 'hints';
  const form = listForm(box, {
    key, empty: 'form.nohints', addLabel: t('form.addhint'), onchange,
    row: (x, i, changed) => [
      input(x, key, i, 'en', { type: 'textarea', label: t('form.hint.en'), onchange: changed, lang: 'en' }),
      input(x, key, i, 'vi', { type: 'textarea', label: t('form.hint.vi'), onchange: changed, lang: 'vi' }),
    ],
    check: (x) => {
      const e = {};
      if (!String(x.en ?? '').trim()) e.en = t('form.err.required');
      if (!String(x.vi ?? '').trim()) e.vi = t('form.err.required');
      return e;
    },
  });
  return {
    set: (hints) => form.set(hints),
    validate: form.validate,
    value: () => form.items().map((x) => ({ en: String(x.en ?? '').trim(), vi: String(x.vi ?? '').trim() })),
  };
}

/**
 * clientsForm edits the clients of a scenario: single requests (at a time, on a path)
 * and open-loop traffic (a rate for a duration). The rest of the scenario stays JSON.
 */
export function clientsForm(reqBox, loopBox, onchange) {
  const positive = (v) => v !== undefined && v !== '' && Number(v) >= 0 && Number.isFinite(Number(v));
  const path = (v) => v === undefined || v === '' || String(v).startsWith('/');
  const requests = listForm(reqBox, {
    key: 'scenario.clients.requests', empty: 'form.norequests', addLabel: t('form.addrequest'), onchange,
    row: (r, i, changed) => [
      input(r, 'scenario.clients.requests', i, 'at_ms', { type: 'number', label: t('form.req.at'), onchange: changed }),
      input(r, 'scenario.clients.requests', i, 'path', { label: t('form.req.path'), onchange: changed }),
      input(r, 'scenario.clients.requests', i, 'label', { label: t('form.req.label'), onchange: changed }),
    ],
    check: (r) => {
      const e = {};
      if (!positive(r.at_ms)) e.at_ms = t('form.err.time');
      if (!path(r.path)) e.path = t('form.err.path');
      return e;
    },
  });
  const loops = listForm(loopBox, {
    key: 'scenario.clients.open_loop', empty: 'form.noloops', addLabel: t('form.addloop'), onchange,
    row: (r, i, changed) => [
      input(r, 'scenario.clients.open_loop', i, 'rate', { type: 'number', label: t('form.loop.rate'), onchange: changed }),
      input(r, 'scenario.clients.open_loop', i, 'duration_ms', { type: 'number', label: t('form.loop.duration'), onchange: changed }),
      input(r, 'scenario.clients.open_loop', i, 'path', { label: t('form.req.path'), onchange: changed }),
    ],
    check: (r) => {
      const e = {};
      if (!(Number(r.rate) > 0)) e.rate = t('form.err.rate');
      if (!(Number(r.duration_ms) > 0)) e.duration_ms = t('form.err.time');
      if (!path(r.path)) e.path = t('form.err.path');
      return e;
    },
  });
  const num = (o, ks) => { for (const k of ks) if (o[k] !== undefined && o[k] !== '') o[k] = Number(o[k]); else delete o[k]; return o; };
  const str = (o, ks) => { for (const k of ks) if (!String(o[k] ?? '').trim()) delete o[k]; return o; };
  return {
    set(clients) { requests.set(clients?.requests); loops.set(clients?.open_loop); },
    validate() {
      const a = requests.validate(); // both lists mark their fields
      const b = loops.validate();
      return a && b;
    },
    /** value is the clients object, merged into rest (the other client settings), or undefined. */
    value(rest = {}) {
      const out = { ...rest };
      const rq = requests.items().map((r) => str(num({ ...r }, ['at_ms']), ['path', 'label', 'method', 'body']));
      const ol = loops.items().map((r) => str(num({ ...r }, ['rate', 'duration_ms', 'start_ms']), ['path', 'method']));
      if (rq.length) out.requests = rq; else delete out.requests;
      if (ol.length) out.open_loop = ol; else delete out.open_loop;
      return Object.keys(out).length ? out : undefined;
    },
  };
}

const TAG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * misconceptionsForm edits a question's misconceptions: a tag, the wrong answer that
 * shows it (JSON, as the kind takes answers: ["line", ...] for an order) and its
 * explanation in both languages.
 */
export function misconceptionsForm(box, onchange) {
  const key = 'misconceptions';
  const parse = (s) => { try { return { ok: true, v: JSON.parse(s) }; } catch (err) { return { ok: false, msg: err.message }; } };
  const form = listForm(box, {
    key, empty: 'form.nomisconceptions', addLabel: t('form.addmisconception'), onchange,
    row: (m, i, changed) => [
      input(m, key, i, 'tag', { label: t('form.mis.tag'), onchange: changed }),
      input(m, key, i, 'answer', { type: 'textarea', label: t('form.mis.answer'), onchange: changed }),
      input(m, key, i, 'explanation-en', { type: 'textarea', label: t('form.mis.en'), onchange: changed, lang: 'en' }),
      input(m, key, i, 'explanation-vi', { type: 'textarea', label: t('form.mis.vi'), onchange: changed, lang: 'vi' }),
    ],
    check: (m) => {
      const e = {};
      const tag = String(m.tag ?? '').trim();
      if (!TAG.test(tag) || tag.length > 40) e.tag = t('form.err.tag');
      const a = parse(String(m.answer ?? '').trim());
      if (!String(m.answer ?? '').trim()) e.answer = t('form.err.required');
      else if (!a.ok) e.answer = t('author.badjson', { msg: a.msg });
      return e;
    },
  });
  return {
    set: (list) => form.set((list || []).map((m) => ({ tag: m.tag, answer: JSON.stringify(m.answer),
      'explanation-en': m.explanation?.en || '', 'explanation-vi': m.explanation?.vi || '' }))),
    validate: form.validate,
    value: () => form.items().map((m) => {
      const a = parse(String(m.answer ?? '').trim());
      const out = { tag: String(m.tag ?? '').trim(), answer: a.ok ? a.v : String(m.answer ?? '') };
      const en = String(m['explanation-en'] ?? '').trim();
      const vi = String(m['explanation-vi'] ?? '').trim();
      out.explanation = { ...(en ? { en } : {}), ...(vi ? { vi } : {}) };
      return out;
    }),
  };
}

/**
 * controlOf finds the form control of an API field ("misconceptions[0].answer",
 * "explanation.en", "params[1]", "scenario"): the control of the field itself, else of
 * the nearest field it is part of (that part's first control), else fallback(the top
 * field's name).
 */
export function controlOf(form, field, fallback) {
  for (let f = field; ;) {
    const id = fieldId(f);
    const el = form.querySelector('#' + CSS.escape(id)) || form.querySelector(`:is(input, textarea, select)[id^="${CSS.escape(id)}-"]`);
    if (el) return el;
    const parent = f.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    if (parent === f) break;
    f = parent;
  }
  return fallback(field.replace(/[[.].*$/, ''));
}
