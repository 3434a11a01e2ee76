// Immediate#hasRef follows unref/ref, and is false once it ran or was cleared.
const a = setImmediate(() => console.log('a runs, hasRef', a.hasRef()));
console.log(a.hasRef());
a.unref();
console.log(a.hasRef());
a.ref();
console.log(a.hasRef());
const b = setImmediate(() => {});
clearImmediate(b);
console.log('cleared', b.hasRef());
