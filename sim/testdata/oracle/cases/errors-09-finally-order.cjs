// try/catch/finally order, with a return inside try.
function f() {
  try {
    console.log('try');
    return 'from try';
  } finally {
    console.log('finally');
  }
}
console.log(f());
function g() {
  try { throw new Error('x'); } catch (e) { console.log('catch', e.message); return 'from catch'; } finally { console.log('finally g'); }
}
console.log(g());
