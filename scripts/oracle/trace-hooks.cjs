'use strict';
// The trace oracle's recorder (docs/trace-oracle.md): preloaded with
// `node --require trace-hooks.cjs` when LOOPLAB_TRACE_OUT names a file, it writes one raw
// line per event of the program's asynchronous resources to that file, synchronously (a
// process that exits or crashes keeps every line written before). trace-events.cjs turns
// the raw lines into the compared sequence; record-trace.sh drives both.
//
// Raw lines (fields separated by one space; LOC is line:column in the entry file, or -):
//   init ID TYPE PARENT API LOC   a resource is made: TickObject, Timeout, Immediate,
//                                 Microtask (async_hooks) or PROMISE (promise hooks);
//                                 PARENT is the promise a promise was chained to (-);
//                                 API is the chain of Node and builtin functions between
//                                 the hooks and the entry file's innermost frame, comma
//                                 separated, the one the entry file called last
//                                 ("nextTick@internal/process/task_queues", "then",
//                                 "setInterval@timers/promises,next"; "." when the entry
//                                 file's own code made it, as an await does; "-" when no
//                                 frame of the entry file is on the stack, or a frame of
//                                 another file of the program's is above it)
//   before ID                     its callback (or promise job) is about to run
//   settled ID                    a promise settles (async_hooks' promiseResolve before
//                                 v8.promiseHooks, which also fires when a promise is
//                                 resolved with a thenable: trace-events.cjs takes the
//                                 last one)
//   end N                         written instead of more events past the cap
// Promises are named pN (v8.promiseHooks) or by their async id (Node 10's async_hooks).
//
// It reads stacks (Error.captureStackTrace) and nothing else of the program; it makes no
// asynchronous resource and no promise, so it queues nothing. record-trace.sh checks
// that the program printed what it prints unhooked.
const out = process.env.LOOPLAB_TRACE_OUT;
if (out && isMainThread()) start(out);

// isMainThread: a Worker inherits the preload, not the trace (it would truncate it).
function isMainThread() {
  try {
    return require('worker_threads').isMainThread;
  } catch (e) {
    return true; // Node 10 without --experimental-worker has no threads
  }
}

function start(file) {
  const fs = require('fs');
  const path = require('path');
  const asyncHooks = require('async_hooks');
  const v8 = require('v8');
  const fd = fs.openSync(file, 'w');
  const entry = path.resolve(process.argv[1] || '');
  const entryURL = require('url').pathToFileURL(entry).href;
  const cap = 20000;
  let written = 0;
  // A promise can settle while V8 holds an exception it has not thrown yet (an ES module
  // whose body throws rejects its evaluation's promise so): a call into Node's bindings
  // then throws that exception, and the program would lose the rest of its run. settled
  // lines wait here, plain JavaScript, until the next hook writes them.
  const held = [];

  function write(line) {
    flush();
    put(line);
  }

  function flush() {
    for (let i = 0; i < held.length; i++) put(held[i]);
    held.length = 0;
  }

  function put(line) {
    if (written > cap) return;
    written++;
    fs.writeSync(fd, written > cap ? 'end ' + cap + '\n' : line + '\n');
  }

  // callSites returns the structured stack at this point, outermost last.
  function callSites() {
    const prepare = Error.prepareStackTrace;
    const limit = Error.stackTraceLimit;
    Error.prepareStackTrace = (_, sites) => sites;
    Error.stackTraceLimit = 60;
    const holder = {};
    Error.captureStackTrace(holder, callSites);
    const sites = holder.stack;
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
    return Array.isArray(sites) ? sites : [];
  }

  const isEntry = (f) => f === entry || f === entryURL;
  // isNodeCode: Node's own JavaScript (node:..., or Node 10's internal/... and timers.js).
  const isNodeCode = (f) => typeof f === 'string' && f !== '' && !isEntry(f) && !f.startsWith('/') && !f.startsWith('file:');
  // The hook machinery between an API and this file: skipped.
  const machinery = /(^|\/)(internal\/async_hooks|internal\/promise_hooks|async_hooks)(\.js)?$/;

  // origin says which functions the entry file's innermost frame called to make the
  // resource now, and where: API lists the Node and builtin frames above that frame,
  // innermost first ("." when none), LOC is that frame's line:column; "-" and "-" when
  // no frame of the entry file is on the stack.
  function origin() {
    const sites = callSites();
    let i = 0;
    while (i < sites.length) {
      const f = sites[i].getFileName();
      if (f === __filename || (typeof f === 'string' && machinery.test(f.replace(/^node:/, '')))) {
        i++;
        continue;
      }
      break;
    }
    const chain = [];
    for (; i < sites.length; i++) {
      const s = sites[i];
      const f = s.getFileName();
      if (isEntry(f)) return [chain.length ? chain.join(',') : '.', s.getLineNumber() + ':' + s.getColumnNumber()];
      if (f && !isNodeCode(f)) return ['-', '-']; // another file of the program's
      chain.push((s.getFunctionName() || s.getMethodName() || '?') + (f ? '@' + f.replace(/^node:/, '').replace(/\.js$/, '') : ''));
    }
    return ['-', '-'];
  }

  const kept = new Set(['TickObject', 'Timeout', 'Immediate', 'Microtask']);
  const hasPromiseHooks = !!(v8.promiseHooks && v8.promiseHooks.createHook);
  const known = new Set(); // the async ids written by init
  const options = {
    init(id, type, trigger, resource) {
      flush();
      if (kept.has(type)) {
        const [api, loc] = origin();
        known.add(id);
        write(`init ${id} ${type} - ${api} ${loc}`);
      } else if (type === 'PROMISE' && !hasPromiseHooks) {
        const [api, loc] = origin();
        const parent = resource && resource.isChainedPromise ? trigger : '-';
        known.add(id);
        write(`init ${id} PROMISE ${parent} ${api} ${loc}`);
      }
    },
    before(id) {
      flush();
      if (known.has(id)) write(`before ${id}`);
    },
    after: flush,
  };
  if (hasPromiseHooks) {
    // Node's own promise hook tags every promise with its async ids, which util.inspect
    // shows: promises are followed through v8.promiseHooks alone, and Node 24 and 26
    // are told not to track them. Node 20 and 22 know no such option and tag them: a
    // case that prints a promise then prints otherwise, and is left out.
    options.trackPromises = false;
  } else {
    options.promiseResolve = (id) => held.push(`settled ${id}`);
  }
  asyncHooks.createHook(options).enable();
  if (!hasPromiseHooks) return;

  const ids = new WeakMap();
  let next = 0;
  const idOf = (p) => {
    let id = ids.get(p);
    if (id === undefined) {
      id = 'p' + ++next;
      ids.set(p, id);
    }
    return id;
  };
  v8.promiseHooks.createHook({
    init(promise, parent) {
      const [api, loc] = origin();
      write(`init ${idOf(promise)} PROMISE ${parent ? idOf(parent) : '-'} ${api} ${loc}`);
    },
    before(promise) {
      write(`before ${idOf(promise)}`);
    },
    after: flush,
    settled(promise) {
      held.push(`settled ${idOf(promise)}`);
    },
  });
}
