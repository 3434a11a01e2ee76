// The home page: what looplab is, a start with no sign-up (the practice page makes a
// guest), and sign-in with a learner token or an API key.
import { $, fill } from './dom.js';
import { boot, signInForm, ready } from './shell.js';
import { auth } from './api.js';
import { isGuest } from './guest.js';

boot('home');
const render = () => {
  // Signed in, the practice is the learner's own: no word about guests. A guest may sign
  // in with a token (the practice page then offers to keep the guest's practice).
  const learner = !!auth.token() && !isGuest();
  $('#start-help').hidden = learner;
  $('#signin-title').hidden = learner && !!auth.key();
  fill($('#signin'),
    learner ? null : signInForm('token', () => { location.href = '/app/practice.html'; }),
    auth.key() ? null : signInForm('key', () => { location.href = '/app/author.html'; }));
};
render();
document.addEventListener('langchange', render);
ready();
