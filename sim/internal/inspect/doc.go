// Package inspect is Node's util.inspect, util.format and console formatting for the
// simulator: inspect.js, a port of Node v24.18.0's lib/internal/util/inspect.js (with the
// formatting half of its console, lib/internal/console/constructor.js, and
// lib/internal/cli_table.js), run in an engine.Runtime with a small binding of Go host
// functions (binding.go) for what JavaScript cannot see and V8 tells Node: an object's
// internal class (QuickJS's class id), a promise's state and result, a proxy's target and
// handler, own keys without array indices, the entries of a collection or what an
// iterator has yet to yield, and the display width of text (Node's ICU widths).
//
// # Use
//
//	in := inspect.New(r)          // nothing runs yet
//	line, err := in.Format(args)  // console.log's line; primitives take a Go fast path
//	api, err := in.API()          // inspect, format, formatWithOptions, formatLog,
//	                              // consoleDir, consoleTable, types, ... for the JS side
//
// inspect.js is installed the first time something needs it (Install does it at once).
// Custom inspect methods (Symbol.for('nodejs.util.inspect.custom')) are honoured as Node
// does, which is how Buffer prints <Buffer 68 69> (testdata/buffer_shim.js shows Node's
// method working on this API).
//
// # Agreement with Node 24
//
// testdata/cases.txt holds 504 cases (console.log of primitives, strings and their
// quoting, arrays with holes and more than 100 items, the 72/80-column layout and
// grouping, objects, symbols, getters, circular references, depth, null prototypes,
// class instances, Symbol.toStringTag, functions and classes, errors with stacks, causes
// and aggregates, Map, Set, WeakMap, iterators, promises, Date, RegExp, boxed
// primitives, typed arrays, ArrayBuffer, DataView, Buffer, Proxy; every util.inspect
// option including colors; util.format placeholders; console.dir and console.table).
// testdata/record.sh records what real Node 24.18.0 prints for each (expected.json) and
// for the simulator's console oracle cases x930-x933 (console.json); all match.
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
//     Symbol.toStringTag, a constructor above it, or its kind, as V8 does, but not from
//     the constructor that made it, which V8 remembers and QuickJS does not
//     (Object.setPrototypeOf(new A(), null) prints [Object: null prototype] {} where
//     Node prints [A: null prototype] {});
//   - a program that patches Array.prototype.push, includes, pop or indexOf breaks
//     console.log as it breaks Node's (Node's inspect calls them directly); no other
//     patched built-in changes the output, once inspect.js is installed.
//
// # Cost
//
// Measured with go test -bench . (CPU per call, the engine's operations per call in
// brackets; the engine counts calls and jumps, the simulator's unit of CPU):
// console.log('text') 50 ns and console.log('n =', 42, -0, true, null, 10n) 0.5 us in
// Go (0 operations); the same from JavaScript through formatLog 4.7 us (95); a format
// string with placeholders 5 us (118); a small object { a: 1, b: 'two', c: [1, 2, 3] }
// 34 us (396); an error with a stack 13 us (179); an array of 100 numbers 254 us
// (3,338); a nested object with a 30-item array, a Date and a Map 190 us (2,117).
// Installing inspect.js takes 0.77 ms of CPU and 244 KB of the runtime's heap (a bare
// runtime: 0.2 ms).
package inspect
