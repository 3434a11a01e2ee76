// The home page: what looplab is, and sign-in with a learner token or an API key.
import { $, fill } from './dom.js';
import { boot, signInForm, ready } from './shell.js';
import { auth } from './api.js';

boot('home');
const render = () => {
  fill($('#signin'),
    auth.token() ? null : signInForm('token', () => { location.href = '/app/practice.html'; }),
    auth.key() ? null : signInForm('key', () => { location.href = '/app/author.html'; }));
};
render();
document.addEventListener('langchange', render);
ready();
