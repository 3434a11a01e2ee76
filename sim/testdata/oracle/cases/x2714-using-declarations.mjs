// using and await using (R-V31, Node 24 on): resources disposed last first when the block
// is left, by a return, a throw or its end; a disposal's error suppresses the block's;
// DisposableStack and AsyncDisposableStack; a syntax error before Node 24.
class Res {
  constructor(n) { this.n = n; console.log('open', n); }
  [Symbol.dispose]() { console.log('dispose', this.n); }
}
function f() {
  using a = new Res('a'), b = new Res('b');
  using nothing = null;
  console.log('body of f');
  return 'returned';
}
console.log(f());
try {
  using c = new Res('c');
  using bad = { [Symbol.dispose]() { throw new Error('dispose failed'); } };
  throw new Error('body failed');
} catch (e) {
  console.log(e.name, e.message, e.error.message, e.suppressed.message);
}
try { using x = 42; } catch (e) { console.log(e.name, e.message); }
async function g() {
  await using r = { async [Symbol.asyncDispose]() { await null; console.log('async disposed'); } };
  using s = new Res('s');
  console.log('body of g');
}
const p = g();
console.log('g called');
await p;
const stack = new DisposableStack();
stack.defer(() => console.log('deferred'));
const res = stack.use(new Res('d'));
const moved = stack.move();
console.log(stack.disposed, moved.disposed, res.n);
moved.dispose();
const as = new AsyncDisposableStack();
as.use(new Res('e'));
as.defer(async () => console.log('async deferred'));
await as.disposeAsync();
console.log(as.disposed, Object.prototype.toString.call(as));
try { new DisposableStack().use({}); } catch (e) { console.log(e.name, e.message); }
