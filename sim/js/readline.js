// readline.js: node:readline and readline/promises over a readable stream (a file's
// ReadStream, a Readable): each chunk's complete lines are 'line' events at once, in the
// chunk's callback; at the input's end the rest is a last line, then 'pause' and 'close'.
// The async iterator gives the lines in order. A terminal is never there: cursor
// functions write their escape codes to the stream given, as Node's do.
(function (exports, internals) {
  'use strict';
  const { invalidArgType, makeError } = internals;
  const EventEmitter = internals.builtin('events');
  const { StringDecoder } = internals.builtin('string_decoder');

  // validateAbortSignal is Node's check of options.signal.
  function validateAbortSignal(signal) {
    if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) throw invalidArgType('options.signal', 'an instance of AbortSignal', signal);
  }

  class Interface extends EventEmitter {
    #decoder = new StringDecoder('utf8');
    #buffer = '';
    #sawCR = false;
    #questionCallback = null;
    #oldPrompt = '';
    constructor(input, output, completer, terminal) {
      super();
      const o = input && typeof input.on === 'function' && !('input' in input) ? { input, output, completer, terminal } : (input || {});
      if (!o.input || typeof o.input.on !== 'function') throw invalidArgType('input', 'an instance of Stream', o.input);
      this.input = o.input;
      this.output = o.output;
      this.terminal = !!o.terminal;
      this.line = '';
      this.cursor = 0;
      this.closed = false;
      this.paused = false;
      this.crlfDelay = o.crlfDelay === undefined ? 100 : Math.max(100, o.crlfDelay);
      this.historySize = o.historySize === undefined ? 30 : o.historySize;
      this.history = [];
      this._prompt = o.prompt === undefined ? '> ' : String(o.prompt);
      this.onData = (chunk) => this.#feed(typeof chunk === 'string' ? chunk : this.#decoder.write(chunk));
      this.onEnd = () => {
        const rest = this.#buffer + this.#decoder.end();
        this.#buffer = '';
        if (rest.length > 0) this.#line(rest);
        this.close();
      };
      this.input.on('data', this.onData);
      this.input.on('end', this.onEnd);
      if (typeof this.input.resume === 'function') this.input.resume();
    }
    #feed(text) {
      if (this.#sawCR && text.startsWith('\n')) text = text.slice(1);
      this.#sawCR = false;
      const parts = (this.#buffer + text).split(/\r\n|\n|\r/);
      this.#sawCR = (this.#buffer + text).endsWith('\r');
      this.#buffer = parts.pop();
      for (const line of parts) { if (this.closed) return; this.#line(line); }
    }
    // A line answers the pending question, else it is a 'line' event.
    #line(line) {
      const cb = this.#questionCallback;
      if (cb) {
        this.#questionCallback = null;
        this.setPrompt(this.#oldPrompt);
        cb(line);
        return;
      }
      this.emit('line', line);
    }
    getPrompt() { return this._prompt; }
    setPrompt(p) { this._prompt = String(p); }
    prompt() {
      if (this.closed) throw makeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
      if (this.paused) this.resume();
      if (this.output) this.output.write(this._prompt);
    }
    // question asks one question at a time, as Node's does: while one is pending another
    // only prompts again, and its callback is never called. A signal's abort cancels the
    // question (the line is cleared: '\r\n' on a stream that is no terminal).
    question(query, options, cb) {
      cb = typeof options === 'function' ? options : cb;
      if (options !== null && typeof options === 'object' && options.signal) {
        const { signal } = options;
        validateAbortSignal(signal);
        if (signal.aborted) return;
        const onAbort = () => this.questionCancel();
        signal.addEventListener('abort', onAbort, { once: true });
        const cleanup = () => signal.removeEventListener('abort', onAbort);
        const original = cb;
        cb = typeof original === 'function' ? (answer) => { cleanup(); return original(answer); } : cleanup;
      }
      if (typeof cb === 'function') this.ask(query, cb);
    }
    ask(query, cb) {
      if (this.closed) throw makeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
      if (this.#questionCallback) {
        this.prompt();
        return;
      }
      this.#oldPrompt = this._prompt;
      this.setPrompt(query);
      this.#questionCallback = cb;
      this.prompt();
    }
    questionCancel() {
      if (!this.#questionCallback) return;
      this.#questionCallback = null;
      this.setPrompt(this.#oldPrompt);
      this.clearLine();
    }
    clearLine() {
      if (this.output) this.output.write('\r\n');
      this.line = '';
      this.cursor = 0;
    }
    write(data) {
      if (this.closed) throw makeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
      if (data !== undefined && data !== null) this.#feed(String(data));
    }
    pause() {
      if (this.paused) return undefined;
      if (typeof this.input.pause === 'function') this.input.pause();
      this.paused = true;
      this.emit('pause');
      return this;
    }
    resume() {
      if (!this.paused) return undefined;
      if (typeof this.input.resume === 'function') this.input.resume();
      this.paused = false;
      this.emit('resume');
      return this;
    }
    close() {
      if (this.closed) return;
      this.pause();
      this.closed = true;
      this.input.removeListener('data', this.onData);
      this.input.removeListener('end', this.onEnd);
      this.emit('close');
    }
    getCursorPos() { return { rows: 0, cols: this.cursor }; }
    [Symbol.asyncIterator]() {
      const lines = [];
      const waiting = [];
      let done = this.closed;
      this.on('line', (l) => { const w = waiting.shift(); if (w) w({ value: l, done: false }); else lines.push(l); });
      this.on('close', () => { done = true; for (const w of waiting.splice(0)) w({ value: undefined, done: true }); });
      const self = this;
      return {
        next() {
          if (lines.length) return Promise.resolve({ value: lines.shift(), done: false });
          if (done) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => waiting.push(resolve));
        },
        return() { self.close(); return Promise.resolve({ value: undefined, done: true }); },
        [Symbol.asyncIterator]() { return this; },
      };
    }
    [Symbol.dispose]() { this.close(); }
  }
  function createInterface(input, output, completer, terminal) { return new Interface(input, output, completer, terminal); }

  // The cursor functions write ANSI escape codes to the stream (a terminal's codes).
  function writeCode(stream, code, cb) {
    if (stream == null) { if (typeof cb === 'function') internals.process.nextTick(cb, null); return true; }
    return stream.write(code, cb);
  }
  function cursorTo(stream, x, y, cb) {
    if (typeof y === 'function') { cb = y; y = undefined; }
    if (typeof x !== 'number') throw invalidArgType('x', 'of type number', x);
    return writeCode(stream, typeof y !== 'number' ? '\x1b[' + (x + 1) + 'G' : '\x1b[' + (y + 1) + ';' + (x + 1) + 'H', cb);
  }
  function moveCursor(stream, dx, dy, cb) {
    let code = '';
    if (dx < 0) code += '\x1b[' + -dx + 'D'; else if (dx > 0) code += '\x1b[' + dx + 'C';
    if (dy < 0) code += '\x1b[' + -dy + 'A'; else if (dy > 0) code += '\x1b[' + dy + 'B';
    return writeCode(stream, code, cb);
  }
  function clearLine(stream, dir, cb) { return writeCode(stream, dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K', cb); }
  function clearScreenDown(stream, cb) { return writeCode(stream, '\x1b[0J', cb); }
  function emitKeypressEvents() {}

  // readline/promises: question returns a promise.
  // A signal's abort rejects the question with an AbortError whose cause is the reason.
  class PromisesInterface extends Interface {
    question(query, options) {
      return new Promise((resolve, reject) => {
        let cb = resolve;
        const signal = options && options.signal;
        if (signal) {
          validateAbortSignal(signal);
          const AbortError = internals.AbortError;
          if (signal.aborted) { reject(new AbortError(undefined, { cause: signal.reason })); return; }
          const onAbort = () => {
            this.questionCancel();
            reject(new AbortError(undefined, { cause: signal.reason }));
          };
          signal.addEventListener('abort', onAbort, { once: true });
          cb = (answer) => { signal.removeEventListener('abort', onAbort); resolve(answer); };
        }
        this.ask(query, cb);
      });
    }
  }
  class Readline {
    #stream; #codes = '';
    constructor(stream) { this.#stream = stream; }
    cursorTo(x, y) { this.#codes += typeof y !== 'number' ? '\x1b[' + (x + 1) + 'G' : '\x1b[' + (y + 1) + ';' + (x + 1) + 'H'; return this; }
    moveCursor(dx, dy) { const s = { write: (c) => { this.#codes += c; } }; moveCursor(s, dx, dy); return this; }
    clearLine(dir) { this.#codes += dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K'; return this; }
    clearScreenDown() { this.#codes += '\x1b[0J'; return this; }
    commit() { const c = this.#codes; this.#codes = ''; return new Promise((resolve) => this.#stream.write(c, () => resolve())); }
    rollback() { this.#codes = ''; return this; }
  }
  const promises = {
    Interface: PromisesInterface, Readline,
    createInterface: (input, output, completer, terminal) => new PromisesInterface(input, output, completer, terminal),
  };
  Object.assign(exports, { Interface, createInterface, cursorTo, moveCursor, clearLine, clearScreenDown, emitKeypressEvents, promises });
})
