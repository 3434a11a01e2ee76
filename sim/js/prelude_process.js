// prelude_process.js: the process object of a simulated process, a part of prelude.js
// loaded on first use.
(function (p) {
  'use strict';
  const { use, made, hostcall, config, apply, nowUS, startUS } = p;
  // defineExitCode makes process.exitCode Node's accessor (from Node 20): an integer or a
  // string that is one is accepted, anything else is ERR_INVALID_ARG_TYPE or
  // ERR_OUT_OF_RANGE, thrown where it is assigned (and by process.exit(code), which
  // assigns it). Node 20 reads back what was assigned; from 22 the number, and null or
  // undefined read back as undefined.
  function defineExitCode(process, major) {
    let exitCode;
    Object.defineProperty(process, 'exitCode', {
      get() { return exitCode; },
      set(code) {
        if (code === null || code === undefined) { exitCode = major >= 22 ? undefined : code; return; }
        let value = code;
        if (typeof code === 'string' && code !== '' && !Number.isNaN(Number(code))) value = Number(code);
        if (typeof value !== 'number') throw use('invalidArgType')('code', 'of type number', value);
        if (!Number.isInteger(value)) throw use('outOfRange')('code', 'an integer', value);
        if (!Number.isSafeInteger(value)) throw use('outOfRange')('code', '>= -9007199254740991 && <= 9007199254740991', value);
        exitCode = major >= 22 ? value : code;
      },
      enumerable: true,
      configurable: false,
    });
  }
  // refable calls a refable object's ref or unref (process.ref, process.unref).
  function refable(obj, what) {
    if (obj === null || obj === undefined) return;
    const fn = obj[Symbol.for('nodejs.' + what)] || obj[Symbol.for('node:' + what)] || obj[what];
    if (typeof fn === 'function') apply(fn, obj, []);
  }
  // The object behind process.env: the run's variables (runConfig refills it when a warm
  // runtime's process, made while it was set up, serves another run).
  let envVars = null;
  return (name) => {
    switch (name) {
      // ---- process -------------------------------------------------------------------------
      case 'process': {
        // The main thread's CPU (a simulated process has one thread running JavaScript),
        // less a previous reading when one is given, as Node's cpuUsage(prev) does.
        const cpuUsage = (prev) => {
          const user = hostcall(H_cpuUS);
          return prev ? { user: user - prev.user, system: 0 - prev.system } : { user, system: 0 };
        };
        let umaskValue = 0o022;
        const process = {
          title: 'node',
          version: config.version,
          versions: config.versions,
          arch: 'x64',
          platform: 'linux',
          release: config.release,
          argv: config.argv,
          execArgv: config.execArgv,
          // Node's env object keeps strings: what a program assigns is converted.
          env: new Proxy(envVars = config.env, {
            set(vars, key, value) {
              if (typeof key === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
              vars[key] = String(value);
              return true;
            },
          }),
          pid: config.pid,
          ppid: config.ppid,
          execPath: '/usr/local/bin/node',
          exitCode: undefined,
          argv0: 'node',
          config: { variables: {} },
          features: {},
          debugPort: 9229,
          sourceMapsEnabled: false,
          _exiting: false,
          // getBuiltinModule(id) (Node 22.3, 20.16): a built-in's exports, as require gives
          // them, or undefined for any other id (a file, a package, a missing module).
          getBuiltinModule: function getBuiltinModule(id) {
            if (typeof id !== 'string') throw use('invalidArgType')('id', 'of type string', id);
            if (id === '' || id[0] === '.' || id[0] === '/') return undefined;
            try {
              hostcall(H_resolve, id, '/');
            } catch {
              return undefined;
            }
            return hostcall(H_require, id);
          },
        };
        const major = Number(/^v(\d+)/.exec(config.version)[1]);
        const emitterMethods = ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener', 'off',
          'removeListener', 'removeAllListeners', 'setMaxListeners', 'getMaxListeners', 'listeners',
          'rawListeners', 'eventNames', 'listenerCount'];
        // process is an EventEmitter, but loading events.js costs more than most programs
        // need: until a listener is added its emitter methods are stand-ins that turn it
        // into one.
        const base = {
          nextTick: use('nextTick'),
          exit: use('exit'),
          reallyExit: (code) => hostcall(H_exit, code | 0),
          abort: () => hostcall(H_exit, 134),
          cwd: () => config.dirname,
          uptime: () => (nowUS() + startUS) / 1e6,
          hrtime: use('hrtime'),
          memoryUsage: use('memoryUsage'),
          cpuUsage: (prev) => cpuUsage(prev),
          threadCpuUsage: (prev) => cpuUsage(prev),
          resourceUsage: () => ({ userCPUTime: hostcall(H_cpuUS), systemCPUTime: 0 }),
          emitWarning: use('emitWarning'),
          emit: function emit() { return false; },
          // The machine's user looplab (uid and gid 1000, sim/js/os.js) runs the process,
          // under the umask 0o022 until the program sets another.
          umask: function umask(mask) {
            const old = umaskValue;
            if (mask !== undefined) {
              if (typeof mask === 'string' && /^[0-7]+$/.test(mask)) mask = parseInt(mask, 8);
              if (typeof mask !== 'number') throw use('invalidArgType')('mask', 'of type number', mask);
              if (!Number.isInteger(mask) || mask < 0 || mask > 4294967295) throw use('outOfRange')('mask', Number.isInteger(mask) ? '>= 0 && <= 4294967295' : 'an integer', mask);
              umaskValue = mask & 0o777;
            }
            return old;
          },
          getuid: () => 1000, geteuid: () => 1000, getgid: () => 1000, getegid: () => 1000, getgroups: () => [1000],
          // The simulated machine's memory (os.freemem) and no cgroup limit (libuv's UINT64_MAX).
          availableMemory: function availableMemory() { return use('builtin')('os').freemem(); },
          constrainedMemory: function constrainedMemory() { return 18446744073709552000; },
          // ref and unref: the object's nodejs.ref (node:ref) or ref method, as Node's.
          ref: function ref(maybeRefable) { refable(maybeRefable, 'ref'); },
          unref: function unref(maybeRefable) { refable(maybeRefable, 'unref'); },
          _rawDebug: function _rawDebug(...args) { use('stdio')(2).write(use('builtin')('util').format(...args) + '\n'); },
          get mainModule() { return made.mainModule; },
          domain: null,
          // (Node 20 names the argument val)
          setSourceMapsEnabled: function setSourceMapsEnabled(enabled) {
            if (typeof enabled !== 'boolean') throw use('invalidArgType')(/^v20\./.test(config.version) ? 'val' : 'enabled', 'of type boolean', enabled);
            use('process').sourceMapsEnabled = enabled;
          },
          // loadEnvFile reads a .env file of the simulated file system into process.env;
          // a variable already set keeps its value.
          loadEnvFile: function loadEnvFile(path = undefined) {
            const text = use('builtin')('fs').readFileSync(path === undefined || path === null ? '.env' : path, 'utf8');
            const env = use('process').env;
            for (const [k, v] of Object.entries(use('builtin')('util').parseEnv(text))) if (env[k] === undefined) env[k] = v;
          },
          openStdin: function openStdin() {
            const stdin = use('process').stdin;
            stdin.resume();
            return stdin;
          },
          _eventsCount: 0, // until process becomes an EventEmitter (processEmitter)
          get stdin() { return use('stdio')(0); },
          get stdout() { return use('stdio')(1); },
          get stderr() { return use('stdio')(2); },
        };
        for (const k of ['chdir', 'binding', 'dlopen', 'setuid', 'setgid']) base[k] = () => hostcall(H_unsupported, 'process.' + k + '()');
        Object.assign(base, use('machineProcess'));
        Object.assign(base, {
          _preload_modules: [],
          _kill: (pid, sig) => hostcall(H_kill, pid, sig),
          _linkedBinding: (name) => {
            if (major < 12) throw new Error('No such module was linked: ' + name);
            throw use('makeError')(Error, 'ERR_INVALID_MODULE', 'No such binding was linked: ' + name);
          },
          hasUncaughtExceptionCaptureCallback: () => false,
          finalization: use('finalization'),
        });
        // _events is the emitter's: reading it makes process an EventEmitter.
        Object.defineProperty(base, '_events', {
          get() {
            use('processEmitter');
            return process._events;
          },
          set(v) { Object.defineProperty(process, '_events', { value: v, writable: true, enumerable: true, configurable: true }); },
          enumerable: true, configurable: true,
        });
        for (const m of emitterMethods) {
          base[m] = function (...a) {
            use('processEmitter');
            return apply(process[m], process, a);
          };
        }
        Object.setPrototypeOf(process, base);
        // A profile is a whole runtime: the members its release lacks are not there (R-V8).
        const absent = hostcall(H_absentExports, 'process');
        if (absent !== undefined) for (const k of absent) { delete process[k]; delete base[k]; }
        if (major >= 20) defineExitCode(process, major);
        made.process = process; // processEmitter needs it while it is being made
        // A forked child's channel to its parent (Node's bootstrap sets it up when
        // NODE_CHANNEL_FD is set): process.send, 'message', disconnect.
        if (config.ipc) use('builtin')('child_process')._forkChild(config.ipc, config.serialization);
        return process;
      }
      // machineProcess is what process does to the simulated machine's processes: signals
      // (signals.go).
      case 'machineProcess': return {
        // kill(pid[, signal]) is Node's per_thread kill: the signal by name or number, then
        // kill(2) on the machine; an error is an ErrnoException ('kill ESRCH').
        kill: function kill(pid, sig) {
          // eslint-disable-next-line eqeqeq
          if (pid != (pid | 0)) throw use('invalidArgType')('pid', 'of type number', pid);
          let err;
          if (sig === (sig | 0)) {
            err = hostcall(H_kill, pid, sig);
          } else {
            sig = sig || 'SIGTERM';
            const signals = use('builtin')('os').constants.signals;
            if (!Object.prototype.hasOwnProperty.call(signals, sig)) throw use('makeError')(TypeError, 'ERR_UNKNOWN_SIGNAL', 'Unknown signal: ' + sig);
            err = hostcall(H_kill, pid, signals[sig]);
          }
          if (err) throw use('builtin')('pipes').errnoException(err, 'kill');
          return true;
        },
      };
      // finalization is process.finalization (22.5), Node's lib/internal/process/
      // finalization.js: a callback per object, called with (obj, event) at 'exit' (or
      // 'beforeExit'); Node holds the object weakly, but a run this short never collects
      // it before (the simulator holds it, deterministically); each method warns once that it is
      // experimental. The callback is not checked: one that is not a function throws when
      // it is due.
      case 'finalization': {
        const refs = { __proto__: null, exit: [], beforeExit: [] };
        const listeners = { __proto__: null, exit: () => callRefs('exit'), beforeExit: () => callRefs('beforeExit') };
        const warned = new Set();
        const warn = (name) => {
          if (warned.has(name)) return;
          warned.add(name);
          use('process').emitWarning('process.finalization.' + name + ' is an experimental feature and might change at any time', 'ExperimentalWarning');
        };
        const install = (event) => { if (refs[event].length === 0) use('process').on(event, listeners[event]); };
        const uninstall = (event) => { if (refs[event].length === 0) use('process').removeListener(event, listeners[event]); };
        function callRefs(event) {
          for (const ref of refs[event]) ref.fn(ref.obj, event);
          refs[event] = [];
        }
        function add(obj, fn, event) {
          if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) throw use('invalidArgType')('obj', 'of type object', obj);
          install(event);
          refs[event].push({ obj, fn }); // held: Node's WeakRef, whose object no collection frees first here
        }
        return {
          register(obj, fn) { warn('register'); add(obj, fn, 'exit'); },
          registerBeforeExit(obj, fn) { warn('registerBeforeExit'); add(obj, fn, 'beforeExit'); },
          unregister(obj) {
            warn('unregister');
            for (const event of ['exit', 'beforeExit']) {
              refs[event] = refs[event].filter((ref) => ref.obj !== obj);
              uninstall(event);
            }
          },
        };
      }
      // runConfig gives the process the run's argv, execArgv, pid, ppid and env (configureRun
      // set them in config), and a forked child its channel (a warm runtime's process was
      // made before the run's config had one).
      case 'runConfig': return () => {
        const process = use('process');
        process.argv = config.argv;
        process.execArgv = config.execArgv;
        process.pid = config.pid;
        process.ppid = config.ppid;
        if (config.ipc) use('builtin')('child_process')._forkChild(config.ipc, config.serialization);
        for (const k of Object.keys(envVars)) delete envVars[k];
        Object.assign(envVars, config.env);
      };
      case 'processEmitter': { // the first listener: process becomes an EventEmitter
        const process = use('process');
        const events = use('builtin')('events');
        const base = Object.getPrototypeOf(process);
        for (const k of Object.keys(base)) {
          if (k === 'emit' || k === '_events' || events.EventEmitter.prototype[k] !== undefined) delete base[k]; // _events: the getter that made it one
        }
        Object.setPrototypeOf(base, events.EventEmitter.prototype);
        // The emitter's own state replaces the refusing stand-ins refuseMissing gave them.
        for (const k of ['_events', '_eventsCount', '_maxListeners']) {
          const d = Object.getOwnPropertyDescriptor(process, k);
          if (d !== undefined && d.get !== undefined) delete process[k];
        }
        apply(events.EventEmitter.init, process, []);
        p.setProcessEmitter();
        // Node's signal handles: a signal with listeners is theirs (signals.go).
        process.on('newListener', function startListeningIfSignal(type) {
          if (typeof type === 'string' && type.startsWith('SIG')) hostcall(H_signalWatch, type, process.listenerCount(type) + 1);
        });
        process.on('removeListener', function stopListeningIfSignal(type) {
          if (typeof type === 'string' && type.startsWith('SIG')) hostcall(H_signalWatch, type, process.listenerCount(type));
        });
        return true;
      }
      case 'exit': return function exit(code) {
        const process = use('process');
        if (arguments.length !== 0) process.exitCode = code;
        if (!process._exiting) {
          process._exiting = true;
          hostcall(H_setExiting);
          process.emit('exit', process.exitCode | 0);
        }
        hostcall(H_exit, process.exitCode | 0);
      };
      case 'hrtime': {
        const hrtime = function hrtime(prev) {
          const ns = (nowUS() + startUS) * 1000;
          let s = Math.floor(ns / 1e9);
          let n = ns % 1e9;
          if (Array.isArray(prev)) {
            s -= prev[0];
            n -= prev[1];
            if (n < 0) { s -= 1; n += 1e9; }
          }
          return [s, n];
        };
        hrtime.bigint = () => BigInt(nowUS() + startUS) * 1000n;
        return hrtime;
      }
      case 'memoryUsage': {
        const memoryUsage = () => ({ rss: 45 * 1048576, heapTotal: 6 * 1048576, heapUsed: 4 * 1048576, external: 1048576, arrayBuffers: 16384 });
        memoryUsage.rss = () => 45 * 1048576;
        return memoryUsage;
      }
      case 'emitWarning': return function emitWarning(warning, type, code) {
        if (type !== null && typeof type === 'object') ({ type, code } = type); // (warning, { type, code })
        const wname = typeof type === 'string' ? type : (warning && warning.name) || 'Warning';
        const msg = typeof warning === 'string' ? warning : (warning && warning.message);
        const process = use('process');
        hostcall(H_write, 2, '(node:' + process.pid + ') ' + (typeof code === 'string' ? '[' + code + '] ' : '') + wname + ': ' + msg);
        // 'warning' is emitted from a tick, as Node's is: a listener added after the call hears it
        const w = typeof warning === 'string' ? Object.assign(new Error(msg), { name: wname }, typeof code === 'string' ? { code } : {}) : warning;
        process.nextTick(() => { if (p.isProcessEmitter()) process.emit('warning', w); });
      };
      // stdio(fd): process.stdin, stdout and stderr as Node has them when they are files (the
      // recordings run with stdin from /dev/null and stdout to a file): stdout and stderr
      // are Writables whose writes are synchronous, never ended by pipe(); stdin is a
      // Readable of /dev/null whose first read is one pool job that finds the end.
      case 'stdio': return (fd) => {
        const key = ['stdinStream', 'stdoutStream', 'stderrStream'][fd];
        if (made[key] === undefined) {
          const stream = use('builtin')('stream');
          if (fd === 0 && config.stdinPipe) { // a child's stdin on a pipe: a net.Socket, as Node's
            made[key] = use('builtin')('pipes').pipeSocket(config.stdinPipe);
          } else if (fd === 0) {
            const host = use('host');
            made[key] = new stream.Readable({
              read() { host.poolJob('fs.read', host.cost('fs'), false, () => this.push(null)); },
            });
          } else {
            made[key] = new stream.Writable({
              decodeStrings: false,
              write(chunk, enc, cb) {
                hostcall(H_write, fd, typeof chunk === 'string' ? chunk : String(chunk), true); // raw: lines end at newlines
                cb();
              },
            });
            made[key]._isStdio = true;
          }
          made[key].fd = fd;
        }
        return made[key];
      };
      case 'unhandledRejectionError': return (reason) => {
        let shown;
        try { shown = use('inspect')(reason); } catch (e) { shown = String(reason); }
        return use('makeError')(Error, 'ERR_UNHANDLED_REJECTION',
          'This error originated either by throwing inside of an async function without a catch block, ' +
          'or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "' + shown + '".');
      };

      default: return undefined;
    }
  };
})
