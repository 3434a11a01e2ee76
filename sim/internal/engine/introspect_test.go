package engine

import (
	"strings"
	"testing"
)

func TestClassOf(t *testing.T) {
	r := newRT(t, Config{})
	for src, want := range map[string]Class{
		"1":                                    ClassNone,
		"'s'":                                  ClassNone,
		"({})":                                 ClassObject,
		"[]":                                   ClassArray,
		"new Map()":                            ClassMap,
		"new Set()":                            ClassSet,
		"new WeakMap()":                        ClassWeakMap,
		"new WeakSet()":                        ClassWeakSet,
		"new Map().entries()":                  ClassMapIterator,
		"new Set().values()":                   ClassSetIterator,
		"new Proxy({}, {})":                    ClassProxy,
		"Promise.resolve()":                    ClassPromise,
		"new Date(0)":                          ClassDate,
		"/x/":                                  ClassRegExp,
		"new TypeError('x')":                   ClassError,
		"Object.create(Error.prototype)":       ClassObject,
		"new Number(1)":                        ClassNumber,
		"new String('')":                       ClassString,
		"new Boolean(false)":                   ClassBoolean,
		"Object(Symbol())":                     ClassSymbol,
		"Object(1n)":                           ClassBigInt,
		"new ArrayBuffer(1)":                   ClassArrayBuffer,
		"new Uint8Array(1)":                    ClassUint8Array,
		"new Float64Array(1)":                  ClassFloat64Array,
		"new DataView(new ArrayBuffer(1))":     ClassDataView,
		"(function () {})":                     ClassBytecodeFunction,
		"(class {})":                           ClassBytecodeFunction,
		"(async function () {})":               ClassAsyncFunction,
		"(function* () {})":                    ClassGeneratorFunction,
		"(async function* () {})":              ClassAsyncGeneratorFunction,
		"(function () {}).bind(null)":          ClassBoundFunction,
		"Math.max":                             ClassCFunction,
		"(function () { return arguments })()": ClassMappedArguments,
		"(function () { 'use strict'; return arguments })()": ClassArguments,
		"(function* () {})()":                                ClassGenerator,
	} {
		if got := r.ClassOf(mustEval(t, r, src)); got != want {
			t.Errorf("ClassOf(%s) = %d %q, want %d %q", src, got, got, want, want)
		}
	}
	if ClassMap.String() != "Map" || ClassProxy.String() != "Proxy" || ClassNone.String() != "" {
		t.Fatalf("names %q %q %q", ClassMap, ClassProxy, ClassNone)
	}
}

func TestProxyDetails(t *testing.T) {
	r := newRT(t, Config{})
	mustEval(t, r, "globalThis.target = { a: 1 }; globalThis.handler = { get() { throw new Error('trap ran') } }; globalThis.p = new Proxy(target, handler)")
	target, handler, ok := r.ProxyDetails(mustEval(t, r, "p"))
	if !ok || !target.Same(mustEval(t, r, "target")) || !handler.Same(mustEval(t, r, "handler")) {
		t.Fatalf("details %v %v %v", target, handler, ok)
	}
	if _, _, ok := r.ProxyDetails(mustEval(t, r, "target")); ok {
		t.Fatal("a plain object is not a proxy")
	}
	rev := mustEval(t, r, "(() => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy })()")
	target, handler, ok = r.ProxyDetails(rev)
	if !ok || !target.IsNull() || !handler.IsNull() {
		t.Fatalf("revoked: %v %v %v", target, handler, ok)
	}
	if keys := r.OwnKeys(mustEval(t, r, "new Proxy({}, { ownKeys() { throw new Error('trap ran') } })"), 0); keys != nil {
		t.Fatalf("a proxy's keys: %v", keys)
	}
}

func keyList(vals []Value) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		if v.IsSymbol() {
			parts[i] = "sym:" + v.r.Get(v, "description").String()
		} else {
			parts[i] = v.String()
		}
	}
	return strings.Join(parts, ",")
}

func TestOwnKeys(t *testing.T) {
	r := newRT(t, Config{})
	arr := mustEval(t, r, `const a = [1, 2, 3]; a.extra = 1; a[Symbol('s')] = 2; a[4294967294] = 3; a[4294967295] = 4;
		Object.defineProperty(a, 'hidden', { value: 5 }); a`)
	if got := keyList(r.OwnKeys(arr, EnumerableOnly|SkipIndices)); got != "extra,4294967295,sym:s" {
		t.Errorf("enumerable non-index keys: %s", got)
	}
	if got := keyList(r.OwnKeys(arr, SkipIndices)); got != "length,extra,4294967295,hidden,sym:s" {
		t.Errorf("non-index keys: %s", got)
	}
	if got := keyList(r.OwnKeys(arr, EnumerableOnly)); got != "0,1,2,4294967294,extra,4294967295,sym:s" {
		t.Errorf("enumerable keys: %s", got)
	}
	obj := mustEval(t, r, "({ b: 1, 2: 'x', a: 2, [Symbol.iterator]: 3 })")
	if got := keyList(r.OwnKeys(obj, EnumerableOnly)); got != "2,b,a,sym:Symbol.iterator" {
		t.Errorf("object keys: %s", got)
	}
	if got := keyList(r.OwnKeys(mustEval(t, r, "new Uint8Array(3)"), SkipIndices)); got != "" {
		t.Errorf("typed array keys: %s", got)
	}
	if keys := r.OwnKeys(r.Int(1), 0); keys != nil {
		t.Errorf("a primitive's keys: %v", keys)
	}
}

func TestEntries(t *testing.T) {
	r := newRT(t, Config{})
	check := func(src, want string, wantKV bool) {
		t.Helper()
		entries, kv, ok := r.Entries(mustEval(t, r, src))
		if !ok || keyList(entries) != want || kv != wantKV {
			t.Errorf("Entries(%s) = %q %v %v, want %q %v", src, keyList(entries), kv, ok, want, wantKV)
		}
	}
	mustEval(t, r, "globalThis.m = new Map([['a', 1], ['b', 2], ['c', 3]]); m.delete('b'); globalThis.s = new Set(['x', 'y', 'z'])")
	check("m", "a,1,c,3", true)
	check("s", "x,y,z", false)
	check("m.keys()", "a,c", false)
	check("m.values()", "1,3", false)
	check("m.entries()", "a,1,c,3", true)
	check("(() => { const it = m.entries(); it.next(); return it })()", "c,3", true)
	check("(() => { const it = m.keys(); it.next(); it.next(); it.next(); return it })()", "", false)
	check("(() => { const it = s.values(); it.next(); return it })()", "y,z", false)
	check("s.entries()", "x,x,y,y,z,z", true)
	check("(() => { const it = s.values(); it.next(); s.delete('y'); return it })()", "z", false)
	check("(() => { const k = {}; globalThis.keep = k; return new WeakMap([[k, 'v']]) })()", "[object Object],v", true)
	check("new WeakSet([globalThis.keep])", "[object Object]", false)
	if _, _, ok := r.Entries(mustEval(t, r, "[1, 2]")); ok {
		t.Error("an array is not a collection")
	}
	if _, _, ok := r.Entries(mustEval(t, r, "[1, 2].values()")); ok {
		t.Error("an array iterator is not previewed")
	}
	// Nothing moved: the iterators still yield everything.
	if got := mustEval(t, r, "[...m.entries()].join(';') + '|' + [...s].join(',')").String(); got != "a,1;c,3|x,z" {
		t.Errorf("after preview: %s", got)
	}
}
