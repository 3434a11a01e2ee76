package engine

import (
	"unsafe"

	lib "modernc.org/libquickjs"
)

// This file gives the host what JavaScript cannot see of a value: its internal class,
// a proxy's target, the keys of an object without its array indices, the entries of a
// collection or what an iterator has yet to yield. Node's util.inspect gets the same
// facts from V8 (internalBinding('util'), util.types). Nothing here runs JavaScript, so
// no proxy trap, getter or user-patched built-in is ever triggered.

// Class is the engine's internal class of an object (QuickJS's class id).
type Class uint16

// The classes the host tells apart.
const (
	ClassNone                   Class = 0 // a primitive
	ClassObject                 Class = lib.EJS_CLASS_OBJECT
	ClassArray                  Class = lib.EJS_CLASS_ARRAY
	ClassError                  Class = lib.EJS_CLASS_ERROR
	ClassNumber                 Class = lib.EJS_CLASS_NUMBER
	ClassString                 Class = lib.EJS_CLASS_STRING
	ClassBoolean                Class = lib.EJS_CLASS_BOOLEAN
	ClassSymbol                 Class = lib.EJS_CLASS_SYMBOL
	ClassArguments              Class = lib.EJS_CLASS_ARGUMENTS
	ClassMappedArguments        Class = lib.EJS_CLASS_MAPPED_ARGUMENTS
	ClassDate                   Class = lib.EJS_CLASS_DATE
	ClassModuleNS               Class = lib.EJS_CLASS_MODULE_NS
	ClassCFunction              Class = lib.EJS_CLASS_C_FUNCTION
	ClassBytecodeFunction       Class = lib.EJS_CLASS_BYTECODE_FUNCTION
	ClassBoundFunction          Class = lib.EJS_CLASS_BOUND_FUNCTION
	ClassCFunctionData          Class = lib.EJS_CLASS_C_FUNCTION_DATA
	ClassGeneratorFunction      Class = lib.EJS_CLASS_GENERATOR_FUNCTION
	ClassRegExp                 Class = lib.EJS_CLASS_REGEXP
	ClassArrayBuffer            Class = lib.EJS_CLASS_ARRAY_BUFFER
	ClassSharedArrayBuffer      Class = lib.EJS_CLASS_SHARED_ARRAY_BUFFER
	ClassUint8ClampedArray      Class = lib.EJS_CLASS_UINT8C_ARRAY
	ClassInt8Array              Class = lib.EJS_CLASS_INT8_ARRAY
	ClassUint8Array             Class = lib.EJS_CLASS_UINT8_ARRAY
	ClassInt16Array             Class = lib.EJS_CLASS_INT16_ARRAY
	ClassUint16Array            Class = lib.EJS_CLASS_UINT16_ARRAY
	ClassInt32Array             Class = lib.EJS_CLASS_INT32_ARRAY
	ClassUint32Array            Class = lib.EJS_CLASS_UINT32_ARRAY
	ClassBigInt64Array          Class = lib.EJS_CLASS_BIG_INT64_ARRAY
	ClassBigUint64Array         Class = lib.EJS_CLASS_BIG_UINT64_ARRAY
	ClassFloat16Array           Class = lib.EJS_CLASS_FLOAT16_ARRAY
	ClassFloat32Array           Class = lib.EJS_CLASS_FLOAT32_ARRAY
	ClassFloat64Array           Class = lib.EJS_CLASS_FLOAT64_ARRAY
	ClassDataView               Class = lib.EJS_CLASS_DATAVIEW
	ClassBigInt                 Class = lib.EJS_CLASS_BIG_INT
	ClassMap                    Class = lib.EJS_CLASS_MAP
	ClassSet                    Class = lib.EJS_CLASS_SET
	ClassWeakMap                Class = lib.EJS_CLASS_WEAKMAP
	ClassWeakSet                Class = lib.EJS_CLASS_WEAKSET
	ClassMapIterator            Class = lib.EJS_CLASS_MAP_ITERATOR
	ClassSetIterator            Class = lib.EJS_CLASS_SET_ITERATOR
	ClassArrayIterator          Class = lib.EJS_CLASS_ARRAY_ITERATOR
	ClassStringIterator         Class = lib.EJS_CLASS_STRING_ITERATOR
	ClassRegExpStringIterator   Class = lib.EJS_CLASS_REGEXP_STRING_ITERATOR
	ClassGenerator              Class = lib.EJS_CLASS_GENERATOR
	ClassProxy                  Class = lib.EJS_CLASS_PROXY
	ClassPromise                Class = lib.EJS_CLASS_PROMISE
	ClassAsyncFunction          Class = lib.EJS_CLASS_ASYNC_FUNCTION
	ClassAsyncGenerator         Class = lib.EJS_CLASS_ASYNC_GENERATOR
	ClassAsyncGeneratorFunction Class = lib.EJS_CLASS_ASYNC_GENERATOR_FUNCTION
	ClassWeakRef                Class = lib.EJS_CLASS_WEAK_REF
	ClassFinalizationRegistry   Class = lib.EJS_CLASS_FINALIZATION_REGISTRY
)

// classNames names the classes above (what V8's internal constructor name would say),
// for hosts that hand the table to JavaScript.
var classNames = map[Class]string{
	ClassObject: "Object", ClassArray: "Array", ClassError: "Error", ClassNumber: "Number",
	ClassString: "String", ClassBoolean: "Boolean", ClassSymbol: "Symbol",
	ClassArguments: "Arguments", ClassMappedArguments: "MappedArguments", ClassDate: "Date",
	ClassModuleNS: "Module", ClassCFunction: "CFunction", ClassBytecodeFunction: "Function",
	ClassBoundFunction: "BoundFunction", ClassCFunctionData: "CFunctionData",
	ClassGeneratorFunction: "GeneratorFunction", ClassRegExp: "RegExp",
	ClassArrayBuffer: "ArrayBuffer", ClassSharedArrayBuffer: "SharedArrayBuffer",
	ClassUint8ClampedArray: "Uint8ClampedArray", ClassInt8Array: "Int8Array",
	ClassUint8Array: "Uint8Array", ClassInt16Array: "Int16Array", ClassUint16Array: "Uint16Array",
	ClassInt32Array: "Int32Array", ClassUint32Array: "Uint32Array",
	ClassBigInt64Array: "BigInt64Array", ClassBigUint64Array: "BigUint64Array",
	ClassFloat16Array: "Float16Array", ClassFloat32Array: "Float32Array",
	ClassFloat64Array: "Float64Array", ClassDataView: "DataView", ClassBigInt: "BigInt",
	ClassMap: "Map", ClassSet: "Set", ClassWeakMap: "WeakMap", ClassWeakSet: "WeakSet",
	ClassMapIterator: "MapIterator", ClassSetIterator: "SetIterator",
	ClassArrayIterator: "ArrayIterator", ClassStringIterator: "StringIterator",
	ClassRegExpStringIterator: "RegExpStringIterator", ClassGenerator: "Generator",
	ClassProxy: "Proxy", ClassPromise: "Promise", ClassAsyncFunction: "AsyncFunction",
	ClassAsyncGenerator: "AsyncGenerator", ClassAsyncGeneratorFunction: "AsyncGeneratorFunction",
	ClassWeakRef: "WeakRef", ClassFinalizationRegistry: "FinalizationRegistry",
}

// String is the class's name ("Map", "Proxy", ...); "" for ClassNone and classes the
// host does not tell apart.
func (c Class) String() string { return classNames[c] }

// Classes lists the named classes (for a table handed to JavaScript); the map is
// shared: read it, do not change it.
func Classes() map[Class]string { return classNames }

// ClassOf returns v's internal class, ClassNone for a primitive.
func (r *Runtime) ClassOf(v Value) Class {
	if !v.IsObject() {
		return ClassNone
	}
	return Class(lib.XJS_GetClassID(r.tls, v.v))
}

// objectData returns the internal data pointer of an object of class c (0 when v is not
// one): a proxy's JSProxyData, a collection's JSMapState, an iterator's JSMapIteratorData.
func (r *Runtime) objectData(v Value, c Class) uintptr {
	return lib.XJS_GetOpaque(r.tls, v.v, uint32(c))
}

// ProxyDetails returns a proxy's target and handler (both null when it was revoked);
// ok is false when v is not a proxy. No trap runs.
func (r *Runtime) ProxyDetails(v Value) (target, handler Value, ok bool) {
	pd := r.objectData(v, ClassProxy)
	if pd == 0 {
		return r.undef, r.undef, false
	}
	data := at[lib.TJSProxyData](pd)
	if data.Fis_revoked != 0 {
		return r.Null(), r.Null(), true
	}
	return r.dupOwn(data.Ftarget), r.dupOwn(data.Fhandler), true
}

// KeyFilter selects the own keys OwnKeys lists.
type KeyFilter int

const (
	// EnumerableOnly drops the non-enumerable keys.
	EnumerableOnly KeyFilter = 1 << iota
	// SkipIndices drops the array indices ("0" up to "4294967294"), as V8's
	// SKIP_INDICES does for Node's getOwnNonIndexProperties.
	SkipIndices
)

// OwnKeys lists obj's own property keys, strings then symbols, in the engine's order
// (indices ascending, then insertion order), without running a proxy trap: a proxy
// gives nil. Each key is a string or a symbol value of the current scope.
func (r *Runtime) OwnKeys(obj Value, filter KeyFilter) []Value {
	if !obj.IsObject() || r.ClassOf(obj) == ClassProxy {
		return nil
	}
	flags := int32(lib.MJS_GPN_STRING_MASK | lib.MJS_GPN_SYMBOL_MASK)
	if filter&EnumerableOnly != 0 {
		flags |= lib.MJS_GPN_ENUM_ONLY
	}
	tls := r.tls
	bp := tls.Alloc(16)
	defer tls.Free(16)
	if lib.XJS_GetOwnPropertyNames(tls, r.ctx, bp, bp+8, obj.v, flags) < 0 {
		r.clearException()
		return nil
	}
	tab := *at[uintptr](bp)
	n := *at[uint32](bp + 8)
	keys := make([]Value, 0, n)
	for i := uint32(0); i < n; i++ {
		atom := *at[lib.TJSAtom](tab + uintptr(i)*8 + 4) // JSPropertyEnum{is_enumerable int32, atom uint32}
		if filter&SkipIndices != 0 && atom&lib.MJS_ATOM_TAG_INT != 0 {
			continue // an index below 2^31: the engine keeps it as a tagged integer
		}
		key := r.own(lib.XJS_AtomToValue(tls, r.ctx, atom))
		if filter&SkipIndices != 0 && key.IsString() && isArrayIndex(key.String()) {
			continue
		}
		keys = append(keys, key)
	}
	lib.XJS_FreePropertyEnum(tls, r.ctx, tab, n)
	return keys
}

// isArrayIndex reports whether s is a canonical array index (below 2^32 - 1).
func isArrayIndex(s string) bool {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		n = n*10 + uint64(s[i]-'0')
	}
	return n < 1<<32-1
}

// Entries lists what a collection holds without running JavaScript, as V8's
// previewEntries does for Node: for a Map or WeakMap its keys and values flattened
// (key1, value1, key2, ...) with keyValue true; for a Set or WeakSet its values; for a
// Map or Set iterator the entries it has yet to yield, in the form it yields them (an
// entries() iterator gives key, value pairs flattened with keyValue true, a Set's
// entries() each value twice). ok is false when v is none of these.
func (r *Runtime) Entries(v Value) (entries []Value, keyValue, ok bool) {
	switch c := r.ClassOf(v); c {
	case ClassMap, ClassWeakMap:
		return r.mapRecords(r.objectData(v, c), 0, recordKeyAndValue), true, true
	case ClassSet, ClassWeakSet:
		return r.mapRecords(r.objectData(v, c), 0, recordKey), false, true
	case ClassMapIterator, ClassSetIterator:
		it := at[lib.TJSMapIteratorData](r.objectData(v, c))
		pairs := it.Fkind == lib.EJS_ITERATOR_KIND_KEY_AND_VALUE
		if it.Fobj.Ftag != lib.EJS_TAG_OBJECT {
			return nil, pairs, true // the iterator is done
		}
		owner := r.wrap(it.Fobj)
		state := r.objectData(owner, r.ClassOf(owner))
		switch {
		case c == ClassSetIterator && pairs:
			return r.mapRecords(state, it.Fcur_record, recordKeyTwice), true, true
		case c == ClassSetIterator || it.Fkind == lib.EJS_ITERATOR_KIND_KEY:
			return r.mapRecords(state, it.Fcur_record, recordKey), false, true
		case pairs:
			return r.mapRecords(state, it.Fcur_record, recordKeyAndValue), true, true
		default:
			return r.mapRecords(state, it.Fcur_record, recordValue), false, true
		}
	}
	return nil, false, false
}

// recordPart is what mapRecords takes of each record.
type recordPart int

const (
	recordKey recordPart = iota
	recordValue
	recordKeyAndValue
	recordKeyTwice // a Set's entries(): [value, value]
)

// mapRecords walks a JSMapState's records after the record from (from its start when
// from is 0), skipping deleted records.
func (r *Runtime) mapRecords(state, from uintptr, part recordPart) []Value {
	if state == 0 {
		return nil
	}
	head := state + unsafe.Offsetof(lib.TJSMapState{}.Frecords)
	linkOff := unsafe.Offsetof(lib.TJSMapRecord{}.Flink)
	el := at[lib.Tlist_head](head).Fnext
	if from != 0 {
		el = at[lib.TJSMapRecord](from).Flink.Fnext
	}
	var out []Value
	for ; el != head && el != 0; el = at[lib.Tlist_head](el).Fnext {
		rec := at[lib.TJSMapRecord](el - linkOff)
		if rec.F__ccgo4&1 != 0 { // the record's "empty" bit: deleted, kept for live iterators
			continue
		}
		switch part {
		case recordKey:
			out = append(out, r.dupOwn(rec.Fkey))
		case recordValue:
			out = append(out, r.dupOwn(rec.Fvalue))
		case recordKeyAndValue:
			out = append(out, r.dupOwn(rec.Fkey), r.dupOwn(rec.Fvalue))
		case recordKeyTwice:
			k := r.dupOwn(rec.Fkey)
			out = append(out, k, k)
		}
	}
	return out
}

// dupOwn puts a new reference to a value the engine holds in the current scope.
func (r *Runtime) dupOwn(v lib.TJSValue) Value { return r.own(lib.XDupValue(r.tls, r.ctx, v)) }
