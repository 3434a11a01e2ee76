// Two async functions awaiting resolved values interleave one step at a time.
async function a() { console.log('a1'); await 0; console.log('a2'); await 0; console.log('a3'); }
async function b() { console.log('b1'); await 0; console.log('b2'); await 0; console.log('b3'); }
a();
b();
console.log('main done');
