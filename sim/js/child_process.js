// child_process.js: node:child_process over the simulated machine's processes (Go:
// childproc.go, procs.go, pipes.go). It follows Node's lib/child_process.js and
// lib/internal/child_process.js event for event:
// - spawn() is synchronous (the fork costs the parent's main thread Costs.SpawnUS);
//   'spawn' is emitted from a nextTick queued inside it (from Node 15.1), a failure to
//   start (ENOENT, EACCES, EAGAIN) is an 'error' from a nextTick, then 'close' once the
//   stdio pipes are closed;
// - the stdio pipes are net.Sockets over pipe handles: data comes in the poll phase,
//   the end of file once every writer of the pipe is gone, 'close' in the close phase;
// - 'exit' comes from the process handle's onexit (a poll-phase callback after the
//   pipes' end of file), then a nextTick resumes the streams nobody reads, and 'close'
//   comes when 'exit' and every readable stdio stream's 'close' have happened;
// - fork() adds an IPC channel: messages are serialized (JSON lines, or the structured
//   clone for 'advanced'), each emitted from a nextTick after the read that brought it.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType, outOfRange } = internals;
  const EventEmitter = internals.builtin('events');
  const net = internals.builtin('net');
  const { Buffer } = internals.builtin('buffer');
  // process is read when used: a forked child's process object loads these files as it is made.
  const nextTick = (...a) => internals.process.nextTick(...a);
  const major = internals.nodeMajor;
  const custom = Symbol.for('nodejs.util.promisify.custom');
  const { PipeHandle, IPCChannel, setupChannel, maybeClose, errnoException, errnos, errnoName } = internals.builtin('pipes');
  const kIsUsedAsStdio = Symbol('kIsUsedAsStdio');
  const MAX_BUFFER = 1024 * 1024;
  const signals = internals.nodeValues('os').constants.signals;

  // ---- validation ------------------------------------------------------------------------
  function validateString(v, name) { if (typeof v !== 'string') throw invalidArgType(name, 'of type string', v); }
  function validateObject(v, name) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidArgType(name, 'of type object', v);
  }
  function validateArray(v, name) { if (!Array.isArray(v)) throw invalidArgType(name, 'an instance of Array', v); }
  function invalidArgValue(name, value, reason = 'is invalid') {
    const kind = name.includes('.') ? 'property' : 'argument';
    return makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The " + kind + " '" + name + "' " + reason + '. Received ' + internals.inspect(value));
  }
  function nullCheck(arg, name) {
    if (typeof arg === 'string' && arg.includes('\u0000')) throw invalidArgValue(name, arg, 'must be a string without null bytes');
  }
  function validateTimeout(timeout) {
    if (timeout != null && !(Number.isInteger(timeout) && timeout >= 0)) throw outOfRange('timeout', 'an unsigned integer', timeout);
  }
  function validateMaxBuffer(maxBuffer) {
    if (maxBuffer != null && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) throw outOfRange('options.maxBuffer', 'a positive number', maxBuffer);
  }
  // validSignal turns a signal's name or number into its number, or throws Node's error.
  function validSignal(sig) {
    if (typeof sig === 'number' && Object.values(signals).includes(sig)) return sig;
    if (typeof sig === 'string' && signals[sig.toUpperCase()] !== undefined) return signals[sig.toUpperCase()];
    if (typeof sig === 'number') throw makeError(TypeError, 'ERR_UNKNOWN_SIGNAL', 'Unknown signal: ' + sig);
    throw makeError(TypeError, 'ERR_UNKNOWN_SIGNAL', 'Unknown signal: ' + sig);
  }
  function sanitizeKillSignal(killSignal) {
    if (typeof killSignal === 'string' || typeof killSignal === 'number') return validSignal(killSignal);
    if (killSignal != null) throw invalidArgType('options.killSignal', 'of type string or type number', killSignal);
    return undefined;
  }

  function createSocket(handle, readable) {
    return new net.Socket({ handle, readable, writable: major < 12 ? !readable : undefined });
  }

  // ---- stdio -------------------------------------------------------------------------------
  function stdioStringToArray(stdio, channel) {
    let options;
    switch (stdio) {
      case 'ignore': case 'overlapped': case 'pipe': options = [stdio, stdio, stdio]; break;
      case 'inherit': options = [0, 1, 2]; break;
      default: throw invalidArgValue('stdio', stdio);
    }
    if (channel) options.push(channel);
    return options;
  }

  // validStdio turns the stdio option into what spawn asks Go for: one entry per fd,
  // {type: 'pipe' | 'ignore' | 'inherit' | 'ipc'}.
  function validStdio(stdio, sync) {
    let ipc;
    if (typeof stdio === 'string') stdio = stdioStringToArray(stdio);
    else if (!Array.isArray(stdio)) throw invalidArgValue('stdio', stdio);
    stdio = stdio.slice();
    while (stdio.length < 3) stdio.push(undefined);
    const out = stdio.map((s, i) => {
      if (s === undefined || s === null) s = i < 3 ? 'pipe' : 'ignore';
      if (s === 'ignore') return { type: 'ignore' };
      if (s === 'pipe' || s === 'overlapped' || (typeof s === 'number' && s < 0)) return { type: 'pipe', readable: i === 0, writable: i !== 0 };
      if (s === 'ipc') {
        if (sync || ipc !== undefined) {
          if (!sync) throw makeError(Error, 'ERR_IPC_ONE_PIPE', 'Child process can have only one IPC pipe');
          throw makeError(Error, 'ERR_IPC_SYNC_FORK', 'IPC cannot be used with synchronous forks');
        }
        ipc = i;
        return { type: 'ipc', ipc: true };
      }
      if (s === 'inherit') return { type: 'inherit', fd: i };
      if (typeof s === 'number' || (typeof s === 'object' && typeof s.fd === 'number')) {
        const fd = typeof s === 'number' ? s : s.fd;
        if (fd <= 2) return { type: 'inherit', fd };
        internals.unsupported('child_process stdio fd ' + fd, 'a simulated process has only its standard streams');
      }
      if (s instanceof net.Socket || (s && typeof s === 'object' && (s._handle || s.handle))) {
        internals.unsupported('child_process stdio given a stream or handle', "the simulated machine connects a child's stdio to pipes, the parent's own streams or nothing");
      }
      if (ArrayBuffer.isView(s) || typeof s === 'string') {
        if (!sync) throw makeError(TypeError, 'ERR_INVALID_SYNC_FORK_INPUT', 'Asynchronous forks do not support Buffer, TypedArray, DataView or string input: ' + internals.inspect(s));
        return { type: 'pipe', input: s };
      }
      throw invalidArgValue('stdio', s);
    });
    return { stdio: out, ipc };
  }

  // ---- ChildProcess ------------------------------------------------------------------------
  function ChildProcess() {
    EventEmitter.call(this);
    this._closesNeeded = 1;
    this._closesGot = 0;
    this.connected = false;
    this.signalCode = null;
    this.exitCode = null;
    this.killed = false;
    this.spawnfile = null;
    this._handle = new ProcessHandle(this);
  }
  Object.setPrototypeOf(ChildProcess.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(ChildProcess, EventEmitter);

  // ProcessHandle is the parent's handle on a child (process_wrap's Process): ref'd from
  // spawn to its exit.
  class ProcessHandle {
    constructor(owner) { this.owner = owner; this.pid = undefined; }
    spawn(options, stdio, ipc, serialization) {
      const res = host.cpSpawn({
        file: options.file, args: options.args, envPairs: options.envPairs, cwd: options.cwd,
        stdio: stdio.map((s) => s.type), ipc, serialization, detached: !!options.detached,
      }, (code, signal) => this.onexit(code, signal));
      if (res.err) {
        this.pipes = res.pipes;
        return res.err;
      }
      this.pid = res.pid;
      this.pipes = res.pipes;
      this.ipc = res.ipc;
      return 0;
    }
    kill(sig) { return this.pid === undefined ? errnos.ESRCH : host.cpKill(this.pid, sig); }
    ref() { if (this.pid !== undefined) host.cpRef(this.pid, true); }
    unref() { if (this.pid !== undefined) host.cpRef(this.pid, false); }
    close() { if (this.pid !== undefined) host.cpRef(this.pid, false); }
    onexit(exitCode, signalCode) {
      const self = this.owner;
      if (signalCode) self.signalCode = signalCode;
      else self.exitCode = exitCode;
      if (self.stdin) self.stdin.destroy();
      self._handle.close();
      self._handle = null;
      if (exitCode < 0) {
        const err = errnoException(exitCode, self.spawnfile ? 'spawn ' + self.spawnfile : 'spawn');
        if (self.spawnfile) err.path = self.spawnfile;
        err.spawnargs = self.spawnargs.slice(1);
        self.emit('error', err);
      } else {
        self.emit('exit', self.exitCode, self.signalCode);
      }
      nextTick(flushStdio, self);
      maybeClose(self);
    }
  }

  function flushStdio(child) {
    const stdio = child.stdio;
    if (stdio == null) return;
    for (const stream of stdio) {
      if (!stream || !stream.readable) continue;
      if (major < 12 ? stream._readableState.readableListening : stream[kIsUsedAsStdio]) continue;
      stream.resume();
    }
  }

  ChildProcess.prototype.spawn = function spawn(options) {
    validateObject(options, 'options');
    const valid = validStdio(options.stdio || 'pipe', false);
    const stdio = valid.stdio;
    // 'advanced' came in Node 12.16: Node 10 ignores the option and sends JSON.
    if (major >= 12 && options.serialization !== undefined && options.serialization !== 'json' && options.serialization !== 'advanced') {
      throw invalidArgValue('options.serialization', options.serialization, "must be one of: undefined, 'json', 'advanced'");
    }
    const serialization = (major >= 12 && options.serialization) || 'json';
    validateString(options.file, 'options.file');
    this.spawnfile = options.file;
    if (options.args === undefined) this.spawnargs = [];
    else {
      validateArray(options.args, 'options.args');
      this.spawnargs = options.args;
    }
    const err = this._handle.spawn(options, stdio, valid.ipc, serialization);
    const runtimeError = [errnos.EACCES, errnos.EAGAIN, errnos.EMFILE, errnos.ENFILE, errnos.ENOENT].includes(err);
    if (runtimeError) {
      nextTick(() => this._handle.onexit(err));
      if (err === errnos.EMFILE || err === errnos.ENFILE) return err;
    } else if (err) {
      this._handle = null;
      throw errnoException(err, 'spawn');
    } else if (major >= 16) {
      nextTick(() => this.emit('spawn')); // 'spawn' came in Node 15.1
    }
    this.pid = this._handle.pid;
    const pipes = this._handle.pipes;
    stdio.forEach((s, i) => {
      if (s.type === 'ignore' || s.type === 'inherit') return;
      if (s.ipc) {
        this._closesNeeded++;
        return;
      }
      s.socket = createSocket(new PipeHandle(pipes[i], i > 0), i > 0);
      if (i > 0) {
        this._closesNeeded++;
        s.socket.on('close', () => maybeClose(this));
      }
    });
    this.stdin = stdio.length >= 1 && stdio[0].socket !== undefined ? stdio[0].socket : null;
    this.stdout = stdio.length >= 2 && stdio[1].socket !== undefined ? stdio[1].socket : null;
    this.stderr = stdio.length >= 3 && stdio[2].socket !== undefined ? stdio[2].socket : null;
    this.stdio = stdio.map((s) => (s.socket === undefined ? null : s.socket));
    if (valid.ipc !== undefined && !runtimeError) setupChannel(this, new IPCChannel(this._handle.ipc, true), serialization);
    return err;
  };

  ChildProcess.prototype.kill = function kill(sig) {
    const signal = sig === 0 ? 0 : validSignal(sig === undefined ? 'SIGTERM' : sig);
    if (this._handle) {
      const err = this._handle.kill(signal);
      if (err === 0) {
        this.killed = true;
        return true;
      }
      if (err !== errnos.ESRCH) {
        if (err === errnos.EINVAL || err === errnos.ENOSYS) throw errnoException(err, 'kill');
        this.emit('error', errnoException(err, 'kill'));
      }
    }
    return false;
  };
  if (Symbol.dispose !== undefined) ChildProcess.prototype[Symbol.dispose] = function () { if (!this.killed) this.kill(); };
  ChildProcess.prototype.ref = function ref() { if (this._handle) this._handle.ref(); };
  ChildProcess.prototype.unref = function unref() { if (this._handle) this._handle.unref(); };

  // _forkChild(ids, mode) gives a forked child's process its channel (Node's bootstrap
  // does it when NODE_CHANNEL_FD is set): unref'd, ref'd while it has 'message' or
  // 'disconnect' listeners.
  function _forkChild(ids, mode) {
    const channel = new IPCChannel(ids, false);
    const control = setupChannel(internals.process, channel, mode || 'json');
    internals.process.on('newListener', function onNewListener(name) {
      if (name === 'message' || name === 'disconnect') control.refCounted();
    });
    internals.process.on('removeListener', function onRemoveListener(name) {
      if (name === 'message' || name === 'disconnect') control.unrefCounted();
    });
  }

  // ---- spawn and its arguments --------------------------------------------------------------
  let warnedShellArgs = false;
  function normalizeSpawnArguments(file, args, options) {
    validateString(file, 'file');
    nullCheck(file, 'file');
    if (file.length === 0) throw invalidArgValue('file', file, 'cannot be empty');
    if (Array.isArray(args)) args = args.slice();
    else if (args == null) args = [];
    else if (typeof args !== 'object') throw invalidArgType('args', 'of type object', args);
    else {
      options = args;
      args = [];
    }
    args.forEach((a, i) => nullCheck(a, 'args[' + i + ']'));
    if (options === undefined) options = {};
    else validateObject(options, 'options');
    options = Object.assign({ __proto__: null }, options);
    let cwd = options.cwd;
    if (cwd != null) {
      cwd = internals.fileURLToPath(cwd);
      validateString(cwd, 'options.cwd');
    }
    if (options.detached != null && typeof options.detached !== 'boolean') throw invalidArgType('options.detached', 'of type boolean', options.detached);
    if (options.uid != null && !Number.isInteger(options.uid)) throw invalidArgType('options.uid', 'int32', options.uid);
    if (options.gid != null && !Number.isInteger(options.gid)) throw invalidArgType('options.gid', 'int32', options.gid);
    if (options.shell != null && typeof options.shell !== 'boolean' && typeof options.shell !== 'string') {
      throw invalidArgType('options.shell', 'of type boolean or type string', options.shell);
    }
    if (options.argv0 != null) validateString(options.argv0, 'options.argv0');
    if (options.shell) {
      nullCheck(options.shell, 'options.shell');
      if (args.length > 0 && major >= 24 && !warnedShellArgs) {
        internals.process.emitWarning('Passing args to a child process with shell option true can lead to security vulnerabilities, as the arguments are not escaped, only concatenated.', 'DeprecationWarning', 'DEP0190');
        warnedShellArgs = true;
      }
      const command = args.length > 0 ? file + ' ' + args.join(' ') : file;
      file = typeof options.shell === 'string' ? options.shell : '/bin/sh';
      args = ['-c', command];
    }
    args.unshift(typeof options.argv0 === 'string' ? options.argv0 : file);
    const env = options.env || Object.assign({}, internals.process.env);
    const envPairs = [];
    for (const key in env) {
      const value = env[key];
      if (value !== undefined) {
        nullCheck(key, "options.env['" + key + "']");
        nullCheck(value, "options.env['" + key + "']");
        envPairs.push(key + '=' + value);
      }
    }
    return Object.assign({ __proto__: null }, options, { args, cwd, detached: !!options.detached, envPairs, file, windowsHide: !!options.windowsHide });
  }

  function abortChildProcess(child, killSignal, reason) {
    if (!child) return;
    try {
      if (child.kill(killSignal)) child.emit('error', new internals.AbortError(undefined, { cause: reason }));
    } catch (err) {
      child.emit('error', err);
    }
  }

  function spawn(file, args, options) {
    options = normalizeSpawnArguments(file, args, options);
    validateTimeout(options.timeout);
    if (options.signal !== undefined && (options.signal === null || typeof options.signal !== 'object' || !('aborted' in options.signal))) {
      throw invalidArgType('options.signal', 'an instance of AbortSignal', options.signal);
    }
    const killSignal = sanitizeKillSignal(options.killSignal);
    const child = new ChildProcess();
    child.spawn(options);
    // spawn's timeout and killSignal came in Node 15.13: Node 10 ignores them.
    if (options.timeout > 0 && major >= 16) {
      let timeoutId = setTimeout(() => {
        if (timeoutId) {
          try {
            child.kill(killSignal);
          } catch (err) {
            child.emit('error', err);
          }
          timeoutId = null;
        }
      }, options.timeout);
      child.once('exit', () => {
        if (timeoutId) {
          clearTimeout(timeoutId);
          timeoutId = null;
        }
      });
    }
    if (options.signal) {
      const signal = options.signal;
      const onAbort = () => abortChildProcess(child, killSignal, signal.reason);
      if (signal.aborted) nextTick(onAbort);
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        child.once('exit', () => signal.removeEventListener('abort', onAbort));
      }
    }
    return child;
  }

  function fork(modulePath, args = [], options) {
    modulePath = internals.fileURLToPath(modulePath);
    validateString(modulePath, 'modulePath');
    if (args == null) args = [];
    else if (typeof args === 'object' && !Array.isArray(args)) {
      options = args;
      args = [];
    } else validateArray(args, 'args');
    if (options != null) validateObject(options, 'options');
    options = Object.assign({ __proto__: null }, options, { shell: false });
    options.execPath = options.execPath || internals.process.execPath;
    const execArgv = options.execArgv || internals.process.execArgv;
    args = [...execArgv, modulePath, ...args];
    if (typeof options.stdio === 'string') options.stdio = stdioStringToArray(options.stdio, 'ipc');
    else if (!Array.isArray(options.stdio)) options.stdio = stdioStringToArray(options.silent ? 'pipe' : 'inherit', 'ipc');
    else if (!options.stdio.includes('ipc')) throw makeError(Error, 'ERR_CHILD_PROCESS_IPC_REQUIRED', 'Forked processes must have an IPC channel, missing value \'ipc\' in options.stdio');
    return spawn(options.execPath, args, options);
  }

  // ---- exec and execFile ----------------------------------------------------------------------
  function normalizeExecArgs(command, options, callback) {
    validateString(command, 'command');
    nullCheck(command, 'command');
    if (typeof options === 'function') {
      callback = options;
      options = undefined;
    }
    options = Object.assign({ __proto__: null }, options);
    options.shell = typeof options.shell === 'string' ? options.shell : true;
    return { file: command, options, callback };
  }

  function exec(command, options, callback) {
    const opts = normalizeExecArgs(command, options, callback);
    return exports.execFile(opts.file, opts.options, opts.callback);
  }

  function promisifiedExec(orig) {
    return { [orig.name](...args) {
      let resolve, reject;
      const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
      promise.child = orig(...args, (err, stdout, stderr) => {
        if (err !== null) {
          err.stdout = stdout;
          err.stderr = stderr;
          reject(err);
        } else {
          resolve({ stdout, stderr });
        }
      });
      return promise;
    } }[orig.name];
  }

  function normalizeExecFileArgs(file, args, options, callback) {
    if (Array.isArray(args)) args = args.slice();
    else if (args != null && typeof args === 'object') {
      callback = options;
      options = args;
      args = null;
    } else if (typeof args === 'function') {
      callback = args;
      options = null;
      args = null;
    }
    if (args == null) args = [];
    if (typeof options === 'function') callback = options;
    else if (options != null) validateObject(options, 'options');
    if (options == null) options = {};
    if (callback != null) internals.validateFunction(callback, 'callback');
    if (options.argv0 != null) validateString(options.argv0, 'options.argv0');
    return { file, args, options, callback };
  }

  function execFile(file, args, options, callback) {
    ({ file, args, options, callback } = normalizeExecFileArgs(file, args, options, callback));
    options = Object.assign({ __proto__: null, encoding: 'utf8', timeout: 0, maxBuffer: MAX_BUFFER, killSignal: 'SIGTERM', cwd: null, env: null, shell: false }, options);
    validateTimeout(options.timeout);
    validateMaxBuffer(options.maxBuffer);
    options.killSignal = sanitizeKillSignal(options.killSignal);
    const child = spawn(file, args, {
      cwd: options.cwd, env: options.env, gid: options.gid, shell: options.shell, signal: options.signal,
      uid: options.uid, windowsHide: !!options.windowsHide, windowsVerbatimArguments: !!options.windowsVerbatimArguments,
    });
    const encoding = options.encoding !== 'buffer' && Buffer.isEncoding(options.encoding) ? options.encoding : null;
    const chunks = { stdout: [], stderr: [] };
    const lengths = { stdout: 0, stderr: 0 };
    let killed = false;
    let exited = false;
    let timeoutId;
    let ex = null;
    let cmd = file;
    function joined(name) {
      return encoding || (child[name] && child[name].readableEncoding) ? chunks[name].join('') : Buffer.concat(chunks[name]);
    }
    function exithandler(code, signal) {
      if (exited) return;
      exited = true;
      if (timeoutId) {
        clearTimeout(timeoutId);
        timeoutId = null;
      }
      if (!callback) return;
      const stdout = joined('stdout');
      const stderr = joined('stderr');
      if (!ex && code === 0 && signal === null) {
        callback(null, stdout, stderr);
        return;
      }
      if (args && args.length) cmd += ' ' + args.join(' ');
      if (!ex) {
        ex = new Error('Command failed: ' + cmd + '\n' + stderr);
        Object.assign(ex, { code: code < 0 ? errnoName(code) : code, killed: child.killed || killed, signal });
      }
      ex.cmd = cmd;
      callback(ex, stdout, stderr);
    }
    function errorhandler(e) {
      ex = e;
      if (child.stdout) child.stdout.destroy();
      if (child.stderr) child.stderr.destroy();
      exithandler();
    }
    function kill() {
      if (child.stdout) child.stdout.destroy();
      if (child.stderr) child.stderr.destroy();
      killed = true;
      try {
        child.kill(options.killSignal);
      } catch (e) {
        ex = e;
        exithandler();
      }
    }
    if (options.timeout > 0) {
      timeoutId = setTimeout(function delayedKill() {
        kill();
        timeoutId = null;
      }, options.timeout);
    }
    for (const name of ['stdout', 'stderr']) {
      const stream = child[name];
      if (!stream) continue;
      if (encoding) stream.setEncoding(encoding);
      stream.on('data', function onChildData(chunk) {
        if (options.maxBuffer === Infinity) {
          chunks[name].push(chunk);
          return;
        }
        const enc = stream.readableEncoding;
        const length = enc ? Buffer.byteLength(chunk, enc) : chunk.length;
        lengths[name] += length;
        if (lengths[name] > options.maxBuffer) {
          const truncated = options.maxBuffer - (lengths[name] - length);
          chunks[name].push(chunk.slice(0, truncated));
          ex = makeError(RangeError, 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', name + ' maxBuffer length exceeded');
          kill();
        } else {
          chunks[name].push(chunk);
        }
      });
    }
    child.addListener('close', exithandler);
    child.addListener('error', errorhandler);
    return child;
  }

  // ---- the synchronous forms ------------------------------------------------------------------
  function spawnSyncInternal(options) {
    const stdio = options.stdio.map((s) => s.type);
    const input = options.stdio.map((s) => (s.input === undefined ? undefined : s.input));
    const result = host.cpSpawnSync({
      file: options.file, args: options.args, envPairs: options.envPairs, cwd: options.cwd, stdio, input,
      timeout: options.timeout || 0, killSignal: options.killSignal, maxBuffer: options.maxBuffer,
    });
    // Node's result: error (when there is one), status, signal, output, pid, then stdout
    // and stderr (output's, undefined without output).
    const out = {};
    if (result.error) out.error = result.error;
    out.status = result.status === undefined ? null : result.status;
    out.signal = result.signal === undefined ? null : result.signal;
    out.output = null;
    if (result.output) {
      out.output = result.output.map((ab) => (ab === undefined || ab === null ? null : Buffer.from(ab)));
      if (options.encoding && options.encoding !== 'buffer') {
        out.output = out.output.map((b) => (b ? b.toString(options.encoding) : b));
      }
    }
    out.pid = result.pid;
    out.stdout = out.output ? out.output[1] : undefined;
    out.stderr = out.output ? out.output[2] : undefined;
    if (result.error) {
      out.error = errnoException(result.error, 'spawnSync ' + options.file);
      out.error.path = options.file;
      out.error.spawnargs = options.args.slice(1);
    }
    return out;
  }

  function spawnSync(file, args, options) {
    options = Object.assign({ __proto__: null, maxBuffer: MAX_BUFFER }, normalizeSpawnArguments(file, args, options));
    validateTimeout(options.timeout);
    validateMaxBuffer(options.maxBuffer);
    options.killSignal = sanitizeKillSignal(options.killSignal);
    options.stdio = validStdio(options.stdio || 'pipe', true).stdio;
    if (options.input) options.stdio[0] = Object.assign({}, options.stdio[0], { input: options.input });
    options.stdio.forEach((s, i) => {
      const input = s.input;
      if (input == null) return;
      if (ArrayBuffer.isView(input)) return;
      if (typeof input === 'string') {
        s.input = Buffer.from(input, options.encoding);
        return;
      }
      throw invalidArgType('options.stdio[' + i + ']', 'of type string or an instance of Buffer, TypedArray, or DataView', input);
    });
    return spawnSyncInternal(options);
  }

  function checkExecSyncError(ret, args, cmd) {
    let err;
    if (ret.error) {
      err = ret.error;
      Object.assign(err, ret);
    } else if (ret.status !== 0) {
      let msg = 'Command failed: ' + (cmd || args.join(' '));
      if (ret.stderr && ret.stderr.length > 0) msg += '\n' + ret.stderr.toString();
      err = Object.assign(new Error(msg), ret);
    }
    return err;
  }

  function execFileSync(file, args, options) {
    ({ file, args, options } = normalizeExecFileArgs(file, args, options));
    const inheritStderr = !options.stdio;
    const ret = spawnSync(file, args, options);
    if (inheritStderr && ret.stderr) internals.process.stderr.write(ret.stderr);
    const err = checkExecSyncError(ret, [options.argv0 || file, ...args]);
    if (err) throw err;
    return ret.stdout;
  }

  function execSync(command, options) {
    const opts = normalizeExecArgs(command, options, null);
    const inheritStderr = !opts.options.stdio;
    const ret = spawnSync(opts.file, opts.options);
    if (inheritStderr && ret.stderr) internals.process.stderr.write(ret.stderr);
    const err = checkExecSyncError(ret, undefined, command);
    if (err) throw err;
    return ret.stdout;
  }

  Object.defineProperty(exec, custom, { enumerable: false, value: promisifiedExec(exec) });
  Object.defineProperty(execFile, custom, { enumerable: false, value: promisifiedExec(execFile) });

  Object.assign(exports, { _forkChild, ChildProcess, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync });
})
