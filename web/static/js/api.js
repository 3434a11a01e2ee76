// The REST API from the browser. Credentials live in sessionStorage (this tab only) and
// travel in the Authorization header, never in a URL: a learner token (lt1.…, from an
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

/** parseToken reads the learner id and expiry of a learner token (lt1.LEARNER.KEY.EXP.MAC). */
export function parseToken(tok) {
  const m = /^lt1\.(\d+)\.(\d+)\.(\d+)\.[\w-]+$/.exec(tok || '');
  return m ? { learnerId: Number(m[1]), expires: new Date(Number(m[3]) * 1000) } : null;
}

export const auth = {
  token() {
    const tok = get(TOKEN);
    const p = parseToken(tok);
    if (tok && !p) { set(TOKEN, null); return null; }
    if (p && p.expires < new Date()) { this.dropToken(); return null; }
    return tok;
  },
  learnerId() { return parseToken(this.token())?.learnerId ?? null; },
  key() { return get(KEY); },
  setToken(tok) { set(TOKEN, tok); set(EXPIRED, null); },
  setKey(key) { set(KEY, key); },
  signOut() { set(TOKEN, null); set(KEY, null); set(EXPIRED, null); },
  /** dropToken forgets a learner token that expired or that the server rejected. */
  dropToken() {
    set(TOKEN, null);
    set(EXPIRED, '1');
    document.dispatchEvent(new CustomEvent('authchange'));
  },
  /** expired tells whether the last learner token was dropped as no longer valid. */
  expired() { return get(EXPIRED) === '1'; },
  /** credential picks what to send: 'learner' a token, 'author' a key, 'any' either. */
  credential(as = 'any') {
    if (as === 'learner') return this.token();
    if (as === 'author') return this.key();
    return this.token() || this.key();
  },
};

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

/** api sends a request; the body is JSON. It returns the decoded JSON or throws ApiError. */
export async function api(path, { method = 'GET', body, as = 'any', headers = {} } = {}) {
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
