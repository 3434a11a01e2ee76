function a() { let o; return o.x }
function b() { const obj = {}; return obj.method() }
function c() { return nope + 1 }
function d() { throw new TypeError('explicit') }
for (const f of [a, b, c, d]) {
  try { f() } catch (e) { console.log(e.stack) }
}
