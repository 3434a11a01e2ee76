// Error.captureStackTrace honours Error.stackTraceLimit; a class that is not an error
// captures its own constructor's frame; function objects take their header from name.
const clean = (s) => String(s).split(__filename).join('FILE'); // the path differs between machines
function a() { return b(); }
function b() { return c(); }
function c() { const o = {}; Error.captureStackTrace(o); return o; }
Error.stackTraceLimit = 2;
console.log(clean(a().stack));
Error.stackTraceLimit = 0;
console.log(JSON.stringify(a().stack));
Error.stackTraceLimit = 10;
console.log(clean(a().stack.split('\n').slice(0, 5).join('\n')));
class Job {
  constructor(id) {
    this.id = id;
    this.name = 'Job';
    this.message = `#${id}`;
    Error.captureStackTrace(this);
  }
}
function schedule() { return new Job(7); }
console.log(clean(schedule().stack.split('\n').slice(0, 3).join('\n')));
function namedFn() {}
Error.captureStackTrace(namedFn);
console.log(clean(namedFn.stack.split('\n')[0]));
const bare = Object.create(null);
bare.message = 'no prototype';
Error.captureStackTrace(bare);
console.log(clean(bare.stack.split('\n')[0]));
const err = new Error('original');
err.name = 'Renamed';
Error.captureStackTrace(err);
console.log(clean(err.stack.split('\n').slice(0, 2).join('\n')));
