// Error.prepareStackTrace: Node's own (from Node 20) formats as V8 does; a program's
// replacement is called with the error and its call sites when the stack is first read,
// and what it returns becomes the stack.
const clean = (s) => String(s).split(__filename).join('FILE'); // the path differs between machines
console.log(typeof Error.prepareStackTrace);
if (typeof Error.prepareStackTrace === 'function') {
  console.log(Error.prepareStackTrace.name, Error.prepareStackTrace.length);
  console.log(JSON.stringify(Error.prepareStackTrace(new TypeError('bad'), [])));
  console.log(JSON.stringify(Error.prepareStackTrace({ name: 'X', message: 'y' }, [])));
}
const original = Error.prepareStackTrace;
Error.prepareStackTrace = (err, sites) => {
  const mine = sites.filter((s) => s.getFileName() === __filename);
  return `${err.name} <${err.message}> ` + mine.map((s) =>
    `${s.getFunctionName()}@${s.getLineNumber()}:${s.getColumnNumber()}`).join(' ');
};
function inner() { return new Error('deep'); }
function outer() { return inner(); }
const e = outer();
console.log(clean(e.stack));
console.log(e.stack === e.stack);
const o = { message: 'captured' };
function capture() { Error.captureStackTrace(o); }
capture();
console.log(clean(o.stack));
Error.prepareStackTrace = (err, sites) => sites.filter((s) => s.getFileName() === __filename).map(String).join(' / ');
console.log(clean(inner().stack));
Error.prepareStackTrace = original;
console.log(clean(inner().stack.split('\n').slice(0, 2).join('\n')));
