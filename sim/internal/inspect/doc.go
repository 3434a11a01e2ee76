// Package inspect is Node's util.inspect, util.format and console formatting for the
// simulator: inspect.js, written for looplab from the recorded behaviour of real Node (no
// code of Node's is in it), run in an engine.Runtime with a small binding of Go host
// functions (binding.go) for what JavaScript cannot see and V8 tells Node: an object's
// internal class (QuickJS's class id), a promise's state and result, a proxy's target and
// handler, own keys without array indices, the entries of a collection or what an
// iterator has yet to yield, and the display width of text (Node's ICU widths).
//
// # Use
//
//	in := inspect.New(r)          // nothing runs yet (Node 24; NewFor(r, 20) for Node 20)
//	line, err := in.Format(args)  // console.log's line; primitives take a Go fast path
//	api, err := in.API()          // inspect, format, formatWithOptions, formatLog,
//	                              // consoleDir, consoleTable, types, ... for the JS side
//
// inspect.js is installed the first time something needs it (Install does it at once).
// Custom inspect methods (Symbol.for('nodejs.util.inspect.custom')) are honoured as Node
// does, which is how Buffer prints <Buffer 68 69> (testdata/buffer_shim.js shows Node's
// method working on this API).
//
// # Agreement with Node, per major
//
// testdata/cases.txt holds 504 cases (console.log of primitives, strings and their
// quoting, arrays with holes and more than 100 items, the 72/80-column layout and
// grouping, objects, symbols, getters, circular references, depth, null prototypes,
// class instances, Symbol.toStringTag, functions and classes, errors with stacks, causes
// and aggregates, Map, Set, WeakMap, iterators, promises, Date, RegExp, boxed
// primitives, typed arrays, ArrayBuffer, DataView, Buffer, Proxy; every util.inspect
// option including colors; util.format placeholders; console.dir and console.table).
// testdata/record.sh records what real Node 10.24.1, 20.20.2, 22.23.5, 24.18.0 and
// 26.12.1 print for each (expected-M.json) and for the simulator's console oracle cases
// x930-x933 (console-M.json). The profiles of 20, 22, 24 and 26 agree with all 504 cases
// and the 4 files; Node 10's with 459 of the 498 cases Node 10 can run (and the 4 files),
// the rest listed in inspect_test.go's legacyDiffers.
//
// What the profiles change (the `since` table at the top of inspect.js):
//
//   - symbol keys: { Symbol(x): 1 } from 24, { [Symbol(x)]: 1 } before (a non-enumerable
//     one is [Symbol(x)] in every major);
//   - ArrayBuffer, SharedArrayBuffer and DataView fields: [byteLength], [byteOffset],
//     [buffer] from 22, byteLength, byteOffset, buffer in 20;
//   - a subclass whose name ends with its Symbol.toStringTag hides the tag in 22 and 24
//     only (class MyMap extends Map: MyMap(1) { 1 => 2 }; 20 and 26: MyMap(1) [Map] {...});
//   - an error whose stack is not a string: from 22 its "Name: message" line and the stack
//     inspected (compact: false) below it, [Error: x\n    42]; in 20 String(stack), [42];
//   - a getter that throws (getters: true): from 24 the error inspected,
//     <Inspection threw ([Error: nope])>; before, its message;
//   - stacks of more than ten frames with at least four repeated lines: from 22 a run that
//     repeats the frames before it becomes "... collapsed N duplicate lines matching above
//     L lines T times..." (or "... matching above lines ..." for one repetition);
//   - Node 26: a proxy prints as Proxy(...) even without showProxy; numericSeparator
//     keeps -0; colors highlight a regular expression (delimiters and body as recorded
//     for /x/; the colors of classes, groups and quantifiers are a guess, unrecorded);
//   - Node 10: breakLength 60 and the compact mode only ({ a: 1,\n  b: 2 }), no array
//     grouping, no sizes (Map {}), [Circular] unnumbered, no <ref>, [Function] for an
//     anonymous function and [Function: X] for a class, the base inside the braces
//     ({ [Function: f] a: 1 }), Symbol.toStringTag shown even when own, no [cause] or
//     [errors], no maxStringLength, maxArrayLength not applied to Set and Map, ArrayBuffer
//     without its contents, [items unknown], centred console.table cells, %s as String()
//     and no %c, primitives after a format string as String() prints them (-0 as 0), and
//     strings after a first argument that is not one quoted. Not imitated (legacyDiffers):
//     its string escapes (\u0000), prototype chains without a constructor, the options
//     object a custom inspect method receives, showHidden's prototype properties, proxies,
//     some error brackets, and a Date's toString.
//
// What differs comes from the engine, not from inspect:
//
//   - error stacks: QuickJS's frames ("    at f (file.js:1:2)") and no header, which
//     inspect adds (Node's "Error: message" line) when a stack starts with a frame; V8's
//     stack is an own accessor listed before message (showHidden shows
//     "[stack]: [Getter/Setter]"), the engine's a data property after it; the engine
//     adds a stack to an error thrown without one;
//   - sloppy functions have no own arguments and caller properties (showHidden);
//   - an object whose prototype chain has no constructor is named from its
//     Symbol.toStringTag data property on its chain or its kind, as V8 does, but not from
//     the constructor that made it, which V8 remembers and QuickJS does not
//     (Object.setPrototypeOf(new A(), null) prints [Object: null prototype] {} where
//     Node prints [A: null prototype] {});
//   - a program that patches Array.prototype.push, includes or pop, or
//     String.prototype.indexOf, breaks console.log as it breaks Node's (TestPatchedBuiltins);
//     no other patched built-in changes the output, once inspect.js is installed.
//
// # Cost
//
// Measured with go test -bench . -count 3 (CPU per call, the engine's operations per call
// in brackets; the engine counts calls and jumps, the simulator's unit of CPU):
// console.log('text') 45 ns and console.log('n =', 42, -0, true, null, 10n) 0.65 us in
// Go (0 operations); the same from JavaScript through formatLog 4.4 us (106); a format
// string with placeholders 5.2 us (130); a small object { a: 1, b: 'two', c: [1, 2, 3] }
// 36 us (390); an error with a stack 16 us (207); an array of 100 numbers 240 us
// (3,703); a nested object with a 30-item array, a Date and a Map 185 us (2,164).
// Installing inspect.js takes 0.55 ms of CPU and 226 KB of the runtime's heap (a bare
// runtime: 0.2 ms).
package inspect
