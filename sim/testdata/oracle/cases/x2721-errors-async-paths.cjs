// Error paths: a rejected await caught, finally order, Promise.allSettled, an error with a
// cause, a custom error class, an unhandled rejection reported by a listener.
class HttpError extends Error {
  constructor(status, message, options) { super(message, options); this.name = 'HttpError'; this.status = status; }
}
async function load(id) {
  if (id < 0) throw new RangeError(`bad id ${id}`);
  await null;
  if (id === 0) throw new HttpError(404, 'not found', { cause: { id } });
  return { id };
}
async function main() {
  try { await load(0); } catch (e) { console.log(e instanceof HttpError, e.name, e.status, e.message, JSON.stringify(e.cause)); } finally { console.log('finally 1'); }
  const settled = await Promise.allSettled([load(1), load(-1), load(0)]);
  console.log(settled.map((s) => s.status + ':' + (s.value ? s.value.id : s.reason.name)).join(' '));
  try { await Promise.any([load(-1), load(0)]); } catch (e) { console.log(e.name, e.errors.map((x) => x.message)); }
  const timeout = (ms) => new Promise((_, rej) => setTimeout(() => rej(new Error('timeout ' + ms)), ms));
  console.log(await Promise.race([load(5), timeout(5)]));
  try { await Promise.race([new Promise((r) => setTimeout(r, 200)), timeout(5)]); } catch (e) { console.log(e.message); }
}
process.on('unhandledRejection', (reason, p) => { console.log('unhandled', reason.message, p instanceof Promise); });
main().then(() => { load(-2); console.log('main done'); });
process.on('exit', (c) => console.log('exit', c));
