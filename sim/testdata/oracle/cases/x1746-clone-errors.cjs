// Errors clone with their built-in class, message and cause; other own properties are dropped.
const e = new TypeError('bad input', { cause: 'upstream' });
e.code = 'E_BAD';
const c = structuredClone(e);
console.log(c instanceof TypeError, c.name, c.message, c.cause, c.code);
class AppError extends Error { constructor(m) { super(m); this.name = 'AppError'; } }
const d = structuredClone(new AppError('mine'));
console.log(d.constructor.name, d.name, d.message);
