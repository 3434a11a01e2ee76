// console_class.js: console.Console (require('console').Console), a console that writes
// to the streams it is given, as Node's lib/internal/console/constructor.js does: each
// call formats its line (util.format, util.inspect for dir, the table of table), indents
// it by the console's group, and writes it with one stream.write; log, info, debug and
// dirxml go to stdout, warn, error, trace and a failed assert to stderr (stdout when no
// stderr is given). Written from Node's documented behaviour and measured outputs.
(function (deps) {
  'use strict';
  const { format, inspector, makeError, invalidArgType, nowUS, fmtDuration, stackLines, major } = deps;
  const kIsConsole = Symbol('kIsConsole');
  const noop = () => {};
  const methodNames = ['log', 'info', 'debug', 'warn', 'error', 'dir', 'time', 'timeEnd', 'timeLog', 'trace', 'assert',
    'clear', 'count', 'countReset', 'group', 'groupEnd', 'table', 'dirxml', 'groupCollapsed'];

  const writableStream = (s, which) => {
    if (!s || typeof s.write !== 'function') {
      throw makeError(TypeError, 'ERR_CONSOLE_WRITABLE_STREAM', 'Console expects a writable stream instance for ' + which);
    }
  };

  // The state of one console, kept out of the program's sight.
  const states = new WeakMap();

  function Console(options /* , stderr, ignoreErrors */) {
    if (!new.target) return Reflect.construct(Console, arguments);
    if (!options || typeof options.write === 'function') {
      options = { stdout: options, stderr: arguments[1], ignoreErrors: arguments[2] };
    }
    const { stdout, stderr = stdout, ignoreErrors = true, groupIndentation } = options;
    writableStream(stdout, 'stdout');
    writableStream(stderr, 'stderr');
    let indentBy = 2;
    if (groupIndentation !== undefined && major >= 14) {
      if (typeof groupIndentation !== 'number') throw invalidArgType('groupIndentation', 'of type number', groupIndentation);
      if (!Number.isInteger(groupIndentation)) {
        throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "groupIndentation" is out of range. It must be an integer. Received ' + groupIndentation);
      }
      if (groupIndentation < 0 || groupIndentation > 1000) {
        throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "groupIndentation" is out of range. It must be >= 0 && <= 1000. Received ' + groupIndentation);
      }
      indentBy = groupIndentation;
    }
    states.set(this, { stdout, stderr, ignoreErrors: Boolean(ignoreErrors), indent: '', indentBy, counts: new Map(), timers: new Map() });
    // Node binds every method to the instance: const { log } = myConsole works.
    for (const name of methodNames) {
      Object.defineProperty(this, name, { value: Console.prototype[name].bind(this), writable: true, enumerable: true, configurable: true });
    }
  }

  const stateOf = (c) => {
    const s = states.get(c);
    if (s === undefined) throw new TypeError('Illegal invocation');
    return s;
  };

  // write is Node's kWriteToConsole: the group's indent before each line, one write.
  const write = (c, toStderr, text) => {
    const s = stateOf(c);
    if (s.indent.length !== 0) {
      if (text.includes('\n')) text = text.replace(/\n/g, '\n' + s.indent);
      text = s.indent + text;
    }
    text += '\n';
    const stream = toStderr ? s.stderr : s.stdout;
    if (!s.ignoreErrors) {
      stream.write(text);
      return;
    }
    const listens = typeof stream.listenerCount === 'function' && typeof stream.once === 'function';
    try {
      if (listens && stream.listenerCount('error') === 0) stream.once('error', noop);
      stream.write(text, noop);
    } catch (e) {
      if (e instanceof RangeError && /call stack/.test(e.message)) throw e;
    } finally {
      if (listens && typeof stream.removeListener === 'function') stream.removeListener('error', noop);
    }
  };
  const chomp = (s) => (s.endsWith('\n') ? s.slice(0, -1) : s);

  const methods = {
    log(...args) { write(this, false, Reflect.apply(format, undefined, args)); },
    warn(...args) { write(this, true, Reflect.apply(format, undefined, args)); },
    dir(object, options) { write(this, false, chomp(inspector.consoleDir(object, options))); },
    time(label = 'default') {
      label = String(label);
      const s = stateOf(this);
      if (!s.timers.has(label)) s.timers.set(label, nowUS());
    },
    timeEnd(label = 'default') {
      label = String(label);
      const s = stateOf(this);
      if (!s.timers.has(label)) return;
      const t = s.timers.get(label);
      s.timers.delete(label);
      write(this, false, label + ': ' + fmtDuration(nowUS() - t));
    },
    timeLog(label = 'default', ...data) {
      label = String(label);
      const s = stateOf(this);
      if (!s.timers.has(label)) return;
      write(this, false, Reflect.apply(format, undefined, [label + ': ' + fmtDuration(nowUS() - s.timers.get(label))].concat(data)));
    },
    trace: function trace(...args) {
      const msg = args.length ? Reflect.apply(format, undefined, args) : '';
      write(this, true, 'Trace' + (msg ? ': ' + msg : '') + '\n' + stackLines());
    },
    assert(expression, ...args) {
      if (expression) return;
      if (args.length === 0) args = ['Assertion failed'];
      else if (typeof args[0] === 'string') args[0] = 'Assertion failed: ' + args[0];
      else args.unshift('Assertion failed:');
      Reflect.apply(this.warn, this, args);
    },
    // Node clears a terminal; a console writing elsewhere is left alone.
    clear() {
      const s = stateOf(this);
      if (s.stdout.isTTY && process.env.TERM !== 'dumb') s.stdout.write('\x1b[1;1H\x1b[0J');
    },
    count(label = 'default') {
      label = String(label);
      const s = stateOf(this);
      const n = (s.counts.get(label) || 0) + 1;
      s.counts.set(label, n);
      write(this, false, label + ': ' + n);
    },
    countReset(label = 'default') { stateOf(this).counts.delete(String(label)); },
    group(...data) {
      if (data.length > 0) Reflect.apply(this.log, this, data);
      const s = stateOf(this);
      s.indent += ' '.repeat(s.indentBy);
    },
    groupEnd() {
      const s = stateOf(this);
      s.indent = s.indent.slice(0, s.indent.length - s.indentBy);
    },
    table(data, properties) { write(this, false, chomp(inspector.consoleTable(data, properties))); },
  };
  methods.info = methods.log;
  methods.debug = methods.log;
  methods.dirxml = methods.log;
  methods.error = methods.warn;
  methods.groupCollapsed = methods.group;
  for (const name of methodNames) {
    const fn = methods[name];
    const named = { [name](...a) { return Reflect.apply(fn, this, a); } }[name];
    Object.defineProperty(Console.prototype, name, { value: named, writable: true, enumerable: true, configurable: true });
  }
  Object.defineProperty(Console, Symbol.hasInstance, { value: (v) => v != null && (states.has(v) || v[kIsConsole] === true) });
  // mark makes the global console an instance too (console instanceof Console).
  return { Console, mark: (c) => Object.defineProperty(c, kIsConsole, { value: true }) };
});
