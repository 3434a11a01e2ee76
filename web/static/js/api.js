// The REST API from the browser. Credentials live in sessionStorage (this tab only) and
// travel in the Authorization header, never in a URL: a learner token (from an
// app or LMS launch) or an instructor's API key.

const TOKEN = 'looplab.token';
const KEY = 'looplab.key';
const EXPIRED = 'looplab.expired'; // set when a learner token is dropped as no longer valid

/** ApiError is an RFC 9457 problem the server answered with. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code || '';
    this.fields = problem?.errors || [];
  }
}

function get(k) { try { return sessionStorage.getItem(k); } catch { return null; } }
function set(k, v) {
  try { if (v) sessionStorage.setItem(k, v); else sessionStorage.removeItem(k); } catch { /* storage off */ }
}

// WHO is whom the server said the learner token belongs to ({learner_id, name, expires_at}),
// asked once per token (identify): the page never reads tokens, whose format is the
// server's alone.
const WHO = 'looplab.who';

function who() {
  try { return JSON.parse(get(WHO) || 'null'); } catch { return null; }
}

export const auth = {
  token() {
    const tok = get(TOKEN);
    const exp = who()?.expires_at;
    if (tok && exp && new Date(exp) <= new Date()) { this.dropToken(); return null; }
    return tok;
  },
  /** learnerId is the learner the token belongs to, once identify has asked the server. */
  learnerId() { return this.token() ? (who()?.learner_id ?? null) : null; },
  /** learnerName is the learner's name (an LMS launch gives it), once identify has asked. */
  learnerName() { return this.token() ? (who()?.name || null) : null; },
  key() { return get(KEY); },
  setToken(tok) { set(TOKEN, tok); set(WHO, null); set(EXPIRED, null); },
  setKey(key) { set(KEY, key); },
  /** clearToken forgets a learner token without saying it expired (a failed sign-in). */
  clearToken() { set(TOKEN, null); set(WHO, null); set(EXPIRED, null); },
  signOut() { this.clearToken(); set(KEY, null); },
  /** dropToken forgets a learner token that expired or that the server rejected. */
  dropToken() {
    set(TOKEN, null);
    set(WHO, null);
    set(EXPIRED, '1');
    document.dispatchEvent(new CustomEvent('authchange'));
  },
  /** expired tells whether the last learner token was dropped as no longer valid. */
  expired() { return get(EXPIRED) === '1'; },
  /** credential picks what to send: 'learner' a token, 'author' a key, 'any' either, 'none' nothing. */
  credential(as = 'any') {
    if (as === 'none') return null;
    if (as === 'learner') return this.token();
    if (as === 'author') return this.key();
    return this.token() || this.key();
  },
};

/**
 * identify asks the server whom the learner token belongs to (GET /v1/me), once per
 * token, and returns the learner id: null without a token, or when the server rejects
 * it or says it is no learner token (an API key): then the token is dropped. A network
 * failure throws and keeps the token.
 */
export async function identify() {
  if (!auth.token()) return null;
  if (who()) return auth.learnerId();
  let me;
  try {
    me = await api('/v1/me', { as: 'learner' });
  } catch (err) {
    if (err instanceof ApiError) { if (auth.token()) auth.dropToken(); return null; }
    throw err;
  }
  if (me.role !== 'learner') { auth.dropToken(); return null; }
  set(WHO, JSON.stringify({ learner_id: me.learner_id, name: me.name, expires_at: me.expires_at }));
  return auth.learnerId();
}

/**
 * takeFromFragment removes the named parameters from the URL fragment (#token=…&lang=…)
 * and returns their values; the address bar and the history keep the rest only.
 */
export function takeFromFragment(...names) {
  const out = {};
  if (!location.hash.includes('=')) return out;
  const params = new URLSearchParams(location.hash.slice(1));
  let found = false;
  for (const n of names) {
    if (params.has(n)) { out[n] = params.get(n); params.delete(n); found = true; }
  }
  if (found) {
    const rest = params.toString();
    history.replaceState(history.state, '', location.pathname + location.search + (rest ? '#' + rest : ''));
  }
  return out;
}

/**
 * takeTokenFromURL moves a learner token given as #token=… (an app or LMS launch) into
 * sessionStorage and strips it from the address bar and the history. A launch may also
 * say the language (#lang=vi).
 */
export function takeTokenFromURL() {
  const { token, lang } = takeFromFragment('token', 'lang');
  if (token) auth.setToken(token);
  return { token, lang };
}

/**
 * api sends a request; the body is JSON. It returns the decoded JSON or throws ApiError.
 * A meta object, when given, receives the response's ETag (for a later If-Match).
 */
export async function api(path, { method = 'GET', body, as = 'any', headers = {}, meta } = {}) {
  const h = { Accept: 'application/json', ...headers };
  const cred = auth.credential(as);
  if (cred) h.Authorization = 'Bearer ' + cred;
  let payload;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    h['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(path, { method, headers: h, body: payload, credentials: 'omit', cache: 'no-store' });
  const ct = res.headers.get('Content-Type') || '';
  const data = ct.includes('json') ? await res.json() : null;
  // A learner token the server rejects (expired, or its issuing key revoked) is of no
  // more use: forget it, so the page asks for a new one and says why.
  if (res.status === 401 && cred && cred === auth.token()) auth.dropToken();
  if (meta) meta.etag = res.headers.get('ETag');
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** idempotencyKey makes a key for one logical submission (retries reuse it). */
export function idempotencyKey() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(36).slice(2);
}

/** listAll follows next_cursor pages (at most pages of limit items). */
export async function listAll(path, opts = {}, pages = 5) {
  const out = [];
  let cursor = '';
  for (let i = 0; i < pages; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await api(path + sep + 'limit=500' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''), opts);
    out.push(...(page.items || []));
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return out;
}
