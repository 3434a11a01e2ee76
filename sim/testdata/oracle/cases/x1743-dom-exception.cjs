// DOMException: name, legacy code, message and the cause option.
const a = new DOMException('bad state', 'InvalidStateError');
console.log(a.name, a.code, a.message, a instanceof Error);
const b = new DOMException('with cause', { name: 'DataCloneError', cause: 'why' });
console.log(b.name, b.code, b.cause);
const c = new DOMException('plain');
console.log(c.name, c.code, DOMException.ABORT_ERR, DOMException.TIMEOUT_ERR);
