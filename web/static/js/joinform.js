// The form that joins a class: its code and the learner's name (POST /v1/classes/join,
// no credential). Each field is checked as it is sent, and the server's reasons (no such
// code, the class closed or full) are shown as it gives them, on the field they concern.
import { h } from './dom.js';
import { t, lang } from './i18n.js';
import { status, signInForm } from './shell.js';
import { api, ApiError } from './api.js';
import { rememberJoin } from './guest.js';
import { markField } from './authorforms.js';

const CODE = /^[A-HJ-NP-Z2-9]{8}$/;

/** joinForm renders the join form, the code filled in; onJoined(joined) runs once the learner is in. */
export function joinForm(onJoined, { code = '', idPrefix = 'join' } = {}) {
  const codeInput = h('input', { id: idPrefix + '-code', name: 'code', type: 'text', autocomplete: 'off', spellcheck: 'false',
    autocapitalize: 'characters', value: code, required: true });
  const nameInput = h('input', { id: idPrefix + '-name', name: 'name', type: 'text', autocomplete: 'name', maxlength: '80', required: true });
  const msg = h('p', { class: 'status', hidden: true });
  const fields = { code: codeInput, name: nameInput };
  const check = () => {
    const errs = {};
    if (!CODE.test(codeInput.value.toUpperCase().replace(/[\s-]/g, ''))) errs.code = t('join.err.code');
    if (!nameInput.value.trim()) errs.name = t('join.err.name');
    return errs;
  };
  const show = (errs) => {
    for (const [k, input] of Object.entries(fields)) markField(input, errs[k] || '');
    Object.values(fields).find((i) => errs[i.name])?.focus();
  };
  return h('form', {
    class: 'card signin', 'aria-labelledby': idPrefix + '-title', novalidate: true,
    onsubmit: async (e) => {
      e.preventDefault();
      const errs = check();
      show(errs);
      if (Object.keys(errs).length) return;
      status(msg, '');
      try {
        const joined = await api('/v1/classes/join', { method: 'POST', as: 'none',
          body: { code: codeInput.value, name: nameInput.value.trim(), locale: lang() } });
        rememberJoin(joined);
        onJoined(joined);
      } catch (err) {
        if (err instanceof ApiError) show(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
        status(msg, t('common.error', { msg: err.message }), 'error');
      }
    },
  },
  h('h2', { id: idPrefix + '-title' }, t('join.title')),
  h('p', { class: 'help' }, t('join.help')),
  h('label', { for: codeInput.id }, t('join.code')), codeInput,
  h('label', { for: nameInput.id }, t('join.name')), nameInput,
  msg,
  h('button', { type: 'submit', class: 'primary' }, t('join.submit')));
}

/**
 * guestLimitGate is what a visitor sees when the server made no guest for them (429: too
 * many guests from their address): the server's reason, then the ways in that are not
 * limited: joining their class with its code, or signing in with a learner token.
 * onIn runs once they are in.
 */
export function guestLimitGate(err, onIn) {
  return [
    h('div', { class: 'status error', role: 'alert', id: 'guest-limit' },
      h('h2', {}, t('guestlimit.title')),
      h('p', {}, t('guestlimit.why'), ' ', h('q', { id: 'guest-limit-reason' }, err.message))),
    h('p', {}, t('guestlimit.what')),
    h('ul', {}, h('li', {}, t('guestlimit.join')), h('li', {}, t('guestlimit.signin'))),
    h('div', { class: 'grid-2' }, joinForm(onIn, { idPrefix: 'gate-join' }), signInForm('token', onIn)),
  ];
}
