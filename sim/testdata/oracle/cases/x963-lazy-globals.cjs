// Node's globals behave as properties of the global object however and whenever a
// program first reaches them: assignment before the first read, typeof, in, identity
// across paths (require('timers'), globalThis), names; Timeout and Immediate objects'
// methods and constructors; process's and console's members.
globalThis.queueMicrotask = (f) => { console.log('my queueMicrotask'); f(); };
queueMicrotask(() => console.log('ran'));
console.log(typeof setTimeout, typeof process, typeof Buffer, typeof performance, typeof structuredClone);
console.log('setImmediate' in globalThis, Object.prototype.hasOwnProperty.call(globalThis, 'setTimeout'));
console.log(setTimeout.name, setInterval.name, setImmediate.name, console.log.name, console.error.name, process.nextTick.name);
console.log(require('timers').setTimeout === setTimeout, globalThis.setImmediate === setImmediate, global === globalThis);
const t = setTimeout(() => console.log('never'), 10);
console.log(typeof t.ref, t.hasRef(), t.unref() === t, t.hasRef(), t.ref().hasRef(), typeof t.refresh, t.constructor.name);
clearTimeout(t);
const im = setImmediate(() => console.log('immediate'));
console.log(im.constructor.name, im.hasRef(), typeof im.unref, im.ref() === im);
console.log('nextTick' in process, typeof process.on, process.listenerCount('exit'));
process.on('exit', (c) => console.log('exit', c));
console.log(process.listenerCount('exit'), typeof console.table, 'log' in console, typeof process.env, process.argv.length >= 2);
