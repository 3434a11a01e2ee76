// Error.captureStackTrace in custom error classes: the frames start below constructorOpt
// (the constructor itself, or a helper), the header is read from name and message when
// the stack is first read, the stack is an own non-enumerable property a program may
// overwrite, and a target that is not an object is refused.
const clean = (s) => String(s).split(__filename).join('FILE'); // the path differs between machines
class ValidationError extends Error {
  constructor(field) {
    super(`invalid ${field}`);
    this.name = 'ValidationError';
    Error.captureStackTrace(this, this.constructor);
  }
}
function check(user) {
  if (!user.email) throw new ValidationError('email');
}
try { check({}); } catch (e) {
  console.log(clean(e.stack.split('\n').slice(0, 3).join('\n')));
  console.log(e instanceof ValidationError, e instanceof Error, Object.keys(e), e.propertyIsEnumerable('stack'));
}
function makeError(msg) {
  const err = { message: msg, code: 'E_CUSTOM' };
  Error.captureStackTrace(err, makeError);
  return err;
}
function caller() { return makeError('plain object'); }
const plain = caller();
console.log(clean(plain.stack.split('\n').slice(0, 2).join('\n')));
plain.message = 'changed';
console.log(clean(plain.stack.split('\n')[0]));
const late = { name: 'Late', message: 'before' };
Error.captureStackTrace(late);
late.message = 'after';
console.log(clean(late.stack.split('\n').slice(0, 2).join('\n')));
function notOnStack() {}
const none = {};
Error.captureStackTrace(none, notOnStack);
console.log(JSON.stringify(none.stack));
const over = {};
Error.captureStackTrace(over);
over.stack = 'replaced';
console.log(over.stack, Object.keys(over).length);
for (const v of [undefined, null, 42, 'text']) {
  try { Error.captureStackTrace(v); } catch (e) { console.log(e.name, e.message); }
}
try { Error.captureStackTrace(Object.freeze({})); } catch (e) { console.log(e.name, e.message); }
console.log(typeof Error.captureStackTrace, Error.captureStackTrace.length, Error.captureStackTrace.name);
