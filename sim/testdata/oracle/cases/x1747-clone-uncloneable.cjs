// Functions, symbols, WeakMaps and promises cannot be cloned: DataCloneError (code 25).
for (const v of [() => 1, Symbol('s'), new WeakMap(), Promise.resolve(), { f() {} }]) {
  try {
    structuredClone(v);
    console.log('cloned');
  } catch (e) {
    console.log(e.name, e.code, e instanceof DOMException);
  }
}
