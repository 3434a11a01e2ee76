// node:util's helpers: types checks, system error names, parseArgs, parseEnv, MIMEType,
// diff, styleText on a non-terminal, stripVTControlCharacters, toUSVString,
// isDeepStrictEqual, inherits, callbackify's falsy rejection, deprecate's single warning.
const util = require('util');
const t = util.types;
console.log(t.isPromise(Promise.resolve()), t.isDate(new Date()), t.isRegExp(/x/), t.isMap(new Map()), t.isSet(new Set()), t.isBoxedPrimitive(Object(1)), t.isNumberObject(1));
console.log(t.isUint8Array(Buffer.alloc(1)), t.isTypedArray(new Float64Array(1)), t.isArrayBuffer(new ArrayBuffer(1)), t.isAsyncFunction(async () => {}), t.isGeneratorFunction(function* () {}), t.isNativeError(new TypeError('x')));
console.log(t.isMapIterator(new Map().keys()), t.isSetIterator(new Set().values()), t.isArgumentsObject((function () { return arguments; })()), t.isDataView(new DataView(new ArrayBuffer(1))), t.isWeakMap(new WeakMap()));
console.log(util.getSystemErrorName(-2), util.getSystemErrorMessage(-2), util.getSystemErrorMap().size, util.getSystemErrorMap().get(-98));
console.log(util.parseArgs({ args: ['-f', '--bar', 'b', 'pos'], options: { foo: { type: 'boolean', short: 'f' }, bar: { type: 'string' } }, allowPositionals: true }));
try { util.parseArgs({ args: ['--x'], options: {} }); } catch (e) { console.log(e.code, e.message); }
console.log(util.parseArgs({ args: ['--n=3', '-v', '-v'], options: { n: { type: 'string' }, v: { type: 'boolean', multiple: true }, d: { type: 'string', default: 'dd' } } }).values);
console.log(util.parseEnv('A=1\nB="two words"\n# c\nC=3 # x'));
const m = new util.MIMEType('text/html; charset=UTF-8');
console.log(m.type, m.subtype, m.essence, m.params.get('charset'), String(m));
console.log(JSON.stringify(util.diff(['a', 'b', 'c'], ['a', 'c', 'd'])), JSON.stringify(util.diff('abc', 'abd')));
console.log(JSON.stringify(util.stripVTControlCharacters('\u001b[31mX\u001b[39m')), util.toUSVString('a\ud800b') === 'a\ufffdb');
console.log(util.isDeepStrictEqual({ a: [1, 2] }, { a: [1, 2] }), util.isDeepStrictEqual([1], ['1']), util.isDeepStrictEqual(new Set([1, 2]), new Set([2, 1])));
function A() {}
function B() {}
util.inherits(B, A);
console.log(new B() instanceof A, B.super_ === A, Object.getPrototypeOf(B) === Function.prototype);
util.callbackify(async () => { throw null; })((e) => console.log('callbackify', e.message, e.code, e.reason));
const old = util.deprecate(() => 'r', 'old thing', 'DEP0999');
console.log(old(), old(), util.debuglog('x').enabled);
