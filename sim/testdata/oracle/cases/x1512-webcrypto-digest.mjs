// webcrypto from node:crypto: subtle.digest resolves with an ArrayBuffer after a pool
// job, getRandomValues fills in place; an unknown algorithm rejects.
import { webcrypto, subtle } from 'node:crypto';
const data = new TextEncoder().encode('hello');
const d = await webcrypto.subtle.digest('SHA-256', data);
console.log(d instanceof ArrayBuffer, d.byteLength, Buffer.from(d).toString('hex'));
const d1 = await subtle.digest({ name: 'SHA-1' }, data);
console.log(Buffer.from(d1).toString('hex'));
console.log(subtle === webcrypto.subtle, webcrypto.getRandomValues(new Uint8Array(3)).length);
await subtle.digest('SHA-999', data).catch((e) => console.log('rejected', e.name, e.message));
console.log(typeof webcrypto.randomUUID());
