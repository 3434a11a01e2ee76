// The web crypto global: getRandomValues fills and returns its array, randomUUID has the
// version-4 shape, subtle is there.
const a = new Uint8Array(16);
const r = crypto.getRandomValues(a);
console.log(r === a, a.some((b) => b !== 0) || 'all zero (1 in 2^128)');
const u32 = crypto.getRandomValues(new Uint32Array(4));
console.log(u32.length, u32 instanceof Uint32Array);
const id = crypto.randomUUID();
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id), id === crypto.randomUUID());
try { crypto.getRandomValues(new Uint8Array(65537)); } catch (e) { console.log(e.name, e.code); }
try { crypto.getRandomValues(new Float32Array(2)); } catch (e) { console.log(e.name, e.code); }
console.log(typeof crypto.subtle, Object.prototype.toString.call(crypto), crypto instanceof Crypto);
crypto.subtle.digest('SHA-256', new TextEncoder().encode('abc')).then((d) => console.log(Buffer.from(d).toString('hex')));
