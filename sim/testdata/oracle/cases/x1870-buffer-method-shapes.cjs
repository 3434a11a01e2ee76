// The shape of Buffer as each release has it: Buffer.prototype's own enumerable members
// in their order, each method's name and length (Node 24 wraps the fixed-width reads and
// the *Slice/*Write bindings in anonymous functions), the parent/offset getters, and
// Buffer's own statics; a for-in over a buffer lists the indices and then those members.
const p = Buffer.prototype;
console.log(Object.keys(p).map((n) => {
  const d = Object.getOwnPropertyDescriptor(p, n);
  return d.get ? n + ':get' : n + ':' + JSON.stringify(p[n].name) + '/' + p[n].length;
}).join(' '));
console.log(Object.getOwnPropertyNames(Buffer).map((n) => (typeof Buffer[n] === 'function' ? n + ':' + Buffer[n].name + '/' + Buffer[n].length : n)).join(' '));
const keys = [];
for (const k in Buffer.from('ab')) keys.push(k);
console.log(keys.length, keys.slice(0, 4).join(), keys.slice(-3).join());
console.log(typeof Buffer, Buffer.name, Buffer.length, Object.getPrototypeOf(Buffer) === Uint8Array, Object.getPrototypeOf(Buffer.prototype) === Uint8Array.prototype);
