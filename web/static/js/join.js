// Joining a class: the code from the link (#code=…) or typed, and the learner's name; then
// the practice page, as that learner. A browser already in a class says so and offers to
// continue, or to join as someone else.
import { $, h, fill } from './dom.js';
import { t } from './i18n.js';
import { boot, ready } from './shell.js';
import { takeFromFragment } from './api.js';
import { member, forgetMember } from './guest.js';
import { joinForm } from './joinform.js';

await boot('join');
const { code = '' } = takeFromFragment('code');
const practise = () => { location.href = '/app/practice.html'; };

function render() {
  const m = member();
  const typed = $('#join-code')?.value ?? code; // a language switch keeps what was typed
  const name = $('#join-name')?.value ?? '';
  fill($('#join'), m
    ? h('div', { class: 'card signin' },
      h('p', { id: 'join-already' }, t('join.already', { class: m.class_name, name: m.name })),
      h('div', { class: 'actions' },
        h('a', { class: 'primary-link', id: 'join-continue', href: '/app/practice.html' }, t('join.continue')),
        h('button', { type: 'button', id: 'join-other', onclick: () => { forgetMember(); render(); } }, t('join.other'))))
    : joinForm(practise, { code: typed }));
  if (!m) $('#join-name').value = name;
}

render();
document.addEventListener('langchange', render);
ready();
