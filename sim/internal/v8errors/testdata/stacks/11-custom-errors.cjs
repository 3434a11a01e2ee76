class ValidationError extends Error {
  constructor(message) { super(message); this.name = 'ValidationError' }
}
console.log(new ValidationError('bad input').stack);
class HttpError extends Error {}
console.log(new HttpError('not found').stack);
const e = new Error('no message change'); e.message = 'changed';
console.log(e.stack);
const empty = new Error(); console.log(empty.stack);
const t = new TypeError('typed'); console.log(t.stack);
console.log(String(new RangeError('str')));
const withCause = new Error('outer', { cause: new Error('inner') }); console.log(withCause.stack);
