// Guest practice: a first-time visitor practises with no setup. The page asks the server
// for a guest learner (POST /v1/guests) and keeps what the server answered (the guest's
// token, its learner id and the token's expiry) in localStorage, so the same browser is
// the same guest on the next visit; the token is renewed on each visit (POST
// /v1/learners/{id}/tokens with the guest's own token), which also tells the server the
// guest is active. When the browser later arrives with an account's token (an LMS
// launch), claimGuest moves the guest's history to that learner (POST
// /v1/learners/{id}/claim). Tokens are never read here: their format is the server's.
//
// A learner who joined a class in this browser (POST /v1/classes/join, join.js) is kept
// the same way: the practice page signs in as that learner before it makes a guest.
import { api, auth, identify } from './api.js';
import { lang } from './i18n.js';

const GUEST = 'looplab.guest'; // {token, learner_id, expires_at}, kept across visits
const MEMBER = 'looplab.member'; // {token, learner_id, expires_at, name, class_id, class_name}

function stored() {
  let g = null;
  try { g = JSON.parse(localStorage.getItem(GUEST) || 'null'); } catch { g = null; }
  if (!g?.token || !g.learner_id || !(new Date(g.expires_at) > new Date())) { if (g) store(null); return null; }
  return g;
}
function store(g) {
  try { if (g) localStorage.setItem(GUEST, JSON.stringify(g)); else localStorage.removeItem(GUEST); } catch { /* storage off */ }
}

/** member is this browser's class learner ({name, class_id, class_name, ...}), or null. */
export function member() {
  let m = null;
  try { m = JSON.parse(localStorage.getItem(MEMBER) || 'null'); } catch { m = null; }
  if (!m?.token || !(new Date(m.expires_at) > new Date())) return null;
  return m;
}

function storeMember(m) {
  try { if (m) localStorage.setItem(MEMBER, JSON.stringify(m)); else localStorage.removeItem(MEMBER); } catch { /* storage off */ }
}

/** isMember tells whether the learner signed in is this browser's class learner. */
export function isMember() {
  const tok = auth.token();
  return !!tok && tok === member()?.token;
}

/**
 * rememberJoin keeps a class's learner (the answer of POST /v1/classes/join) as this
 * browser's learner and signs the page in as them.
 */
export function rememberJoin(joined) {
  storeMember({ token: joined.token, learner_id: joined.learner.id, expires_at: joined.expires_at, name: joined.learner.name,
    class_id: joined.class.id, class_name: joined.class.name });
  auth.setToken(joined.token);
}

/** forgetMember drops this browser's class learner (to join as someone else). */
export function forgetMember() {
  if (isMember()) auth.clearToken();
  storeMember(null);
}

// startMember signs in as this browser's class learner, its token renewed (a failed
// renewal keeps the stored token while it lasts).
async function startMember(m) {
  auth.setToken(m.token);
  try {
    const fresh = await api(`/v1/learners/${m.learner_id}/tokens`, { method: 'POST', as: 'learner' });
    storeMember({ ...m, token: fresh.token, expires_at: fresh.expires_at });
    auth.setToken(fresh.token);
  } catch (err) {
    if (err.status === 401 || err.status === 403 || err.status === 404) { storeMember(null); return null; }
  }
  return identify();
}

/** isGuest tells whether the learner signed in is this browser's guest. */
export function isGuest() {
  const tok = auth.token();
  return !!tok && tok === stored()?.token;
}

/**
 * startGuest signs the page in as this browser's learner: the class learner who joined
 * here, else the guest: the stored one, its token renewed, else a new one. It resolves
 * once the server has said whom the token is for, or throws the server's error (an
 * address that made too many guests gets 429).
 */
export async function startGuest() {
  const m = member();
  if (m) {
    const id = await startMember(m);
    if (id != null) return id;
  }
  let g = stored();
  if (g) {
    auth.setToken(g.token);
    try {
      const fresh = await api(`/v1/learners/${g.learner_id}/tokens`, { method: 'POST', as: 'learner' });
      g = { token: fresh.token, learner_id: fresh.learner_id, expires_at: fresh.expires_at };
    } catch (err) {
      if (err.status === 401 || err.status === 403 || err.status === 404) g = null; // purged or claimed: a new one
    }
  }
  if (!g) {
    const made = await api('/v1/guests', { method: 'POST', as: 'none', body: { locale: lang() } });
    g = { token: made.token, learner_id: made.learner.id, expires_at: made.expires_at };
  }
  store(g);
  auth.setToken(g.token);
  return identify();
}

/**
 * pendingClaim is the guest this browser holds when another learner is signed in (who
 * came with their own token): the page may offer to keep the guest's history.
 */
export function pendingClaim() {
  const g = stored();
  const me = auth.learnerId();
  return g && me != null && g.learner_id !== me ? g.learner_id : null;
}

/** claimGuest moves this browser's guest history to the learner signed in. */
export async function claimGuest() {
  const res = await api(`/v1/learners/${auth.learnerId()}/claim`, { method: 'POST', as: 'learner', body: { guest_token: stored()?.token } });
  store(null);
  return res;
}

/** forgetGuest drops this browser's guest (the offer to keep its history declined). */
export function forgetGuest() { store(null); }
