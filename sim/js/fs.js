// fs.js: node:fs on the simulated thread pool. Each async request is one pool job (R-P4);
// readFile/writeFile are several jobs (open, fstat, read, close), each delivered by its
// own poll phase (case 010); since Node 26.8 a readFile of up to 512 KiB is one job
// (R-V6). fs.promises uses the same jobs and settles promises (R-P5).
// *Sync calls run on the main thread and cost Costs.SyncFSUS each.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType, fileURLToPath, unsupported } = internals;
  // Buffer is loaded on first use: most programs only stat or read a file's existence.
  let BufferClass = null;
  const Buf = () => BufferClass || (BufferClass = internals.builtin('buffer').Buffer);

  // toPath is a path argument as Node shows it in errors: a string as given (relative to
  // the working directory, which Go resolves; a 'file:' string is a relative path too), a
  // file: URL's path, a Buffer's text.
  function toPath(p, name = 'path') {
    if (typeof p === 'string') return p;
    if (p !== null && typeof p === 'object' && typeof p.href === 'string') return fileURLToPath(p);
    if (Buf().isBuffer(p)) return p.toString();
    throw invalidArgType(name, 'of type string or an instance of Buffer or URL', p);
  }

  function enoent(syscall, path) {
    return makeError(Error, 'ENOENT', "ENOENT: no such file or directory, " + syscall + " '" + path + "'",
      { errno: -2, syscall, path });
  }
  function eisdir(syscall, path) {
    return makeError(Error, 'EISDIR', 'EISDIR: illegal operation on a directory, ' + syscall, { errno: -21, syscall });
  }

  // fs.Stats as Node makes them: the times are the simulation's epoch, a file has mode
  // 0o100644 and a directory 0o40755 (the is* methods read the mode, as Node's do).
  const epoch = new Date(Date.UTC(2026, 0, 1));
  class Stats {
    constructor(info) {
      const dir = !!info.dir;
      this.dev = 2049; this.mode = dir ? 0o40755 : 0o100644; this.nlink = 1; this.uid = 1000; this.gid = 1000;
      this.rdev = 0; this.blksize = 4096; this.ino = 1000 + (info.size % 997); this.size = info.size;
      this.blocks = Math.ceil(info.size / 512) * 1;
      const ms = epoch.getTime();
      this.atimeMs = ms; this.mtimeMs = ms; this.ctimeMs = ms; this.birthtimeMs = ms;
      this.atime = new Date(ms); this.mtime = new Date(ms); this.ctime = new Date(ms); this.birthtime = new Date(ms);
    }
    isFile() { return (this.mode & 0o170000) === 0o100000; }
    isDirectory() { return (this.mode & 0o170000) === 0o040000; }
    isSymbolicLink() { return false; }
    isFIFO() { return false; }
    isSocket() { return false; }
    isBlockDevice() { return false; }
    isCharacterDevice() { return false; }
  }
  const makeStats = (info) => new Stats(info);

  function lookup(path) { return host.statFile(path); }
  const named = (name, fn) => Object.defineProperty(fn, 'name', { value: name });
  function contents(path) {
    const ab = host.readFile(path);
    return ab === undefined ? undefined : Buf().from(ab);
  }
  function encode(buf, options) {
    const enc = typeof options === 'string' ? options : options && options.encoding;
    return enc ? buf.toString(enc) : buf;
  }
  function cost() { return host.cost('fs'); }

  // job runs one pool request; done(result) is called in the poll phase.
  function job(label, done) { host.poolJob(label, cost(), false, done); }

  function callbackArg(args) {
    const cb = args[args.length - 1];
    if (typeof cb !== 'function') throw invalidArgType('cb', 'of type function', cb);
    return cb;
  }

  let fdTable = null;
  const fds = () => fdTable || (fdTable = {
    next: 20, table: Object.create(null),
    open(p) { const fd = this.next++; this.table[fd] = p; return fd; },
    close(fd) { delete this.table[fd]; },
    path(fd) { return this.table[fd]; },
  });

  function syncCost() { host.cpu(host.cost('syncfs')); }
  function pjob(label) { return new Promise((resolve) => job(label, resolve)); }

  // oneJobRead reports whether readFile opens, stats, reads and closes a file in one pool
  // round trip (Node 26.8+, R-V6; lib/fs.js ReadFileJob): files up to one chunk,
  // kReadFileBufferLength (512 KiB). A larger file comes back open with its size, and
  // the chunked reader takes over.
  let oneJob;
  function oneJobRead() { return oneJob === undefined ? (oneJob = host.hasChange('R-V6')) : oneJob; }
  const readFileChunk = 512 * 1024;

  // member makes the export named key (undefined: fs has no such export).
  const member = (key) => {
    switch (key) {
      // ---- callback API ----
      // stat and lstat for every call Go's (fsapi.go nFsStat) does not take itself.
      case 'stat': case 'lstat': return named(key, function (path, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.' + key, () => { const info = lookup(p); info ? cb(null, makeStats(info)) : cb(enoent(key, p)); });
      });
      case 'access': return function access(path, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.access', () => (lookup(p) ? cb(null) : cb(enoent('access', p))));
      };
      case 'readdir': return function readdir(path, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.readdir', () => { const info = lookup(p); info && info.dir ? cb(null, host.readdir(p)) : cb(enoent('scandir', p)); });
      };
      case 'exists': return function exists(path, cb) {
        const p = toPath(path);
        job('fs.exists', () => cb(!!lookup(p)));
      };
      // readFile is open -> fstat -> read -> close, each its own pool request (lib/fs.js).
      case 'readFile': return function readFile(path, ...rest) {
        const cb = callbackArg(rest);
        const options = typeof rest[0] === 'function' ? undefined : rest[0];
        const p = toPath(path);
        if (oneJobRead()) {
          job('fs.readFile', () => {
            const info = lookup(p);
            if (!info) return cb(enoent('open', p));
            if (info.dir) return cb(eisdir('read', p));
            if (info.size <= readFileChunk) return cb(null, encode(contents(p), options));
            job('fs.readFile: read', () => job('fs.readFile: close', () => cb(null, encode(contents(p), options))));
          });
          return;
        }
        job('fs.readFile: open', () => {
          const info = lookup(p);
          if (!info) return cb(enoent('open', p));
          if (info.dir) return job('fs.readFile: close', () => cb(eisdir('read', p)));
          job('fs.readFile: fstat', () => job('fs.readFile: read', () => job('fs.readFile: close', () => cb(null, encode(contents(p), options)))));
        });
      };
      case 'writeFile': return function writeFile(path, data, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.writeFile: open', () => job('fs.writeFile: write', () => job('fs.writeFile: close', () => {
          host.writeFile(p, Buf().from(data));
          cb(null);
        })));
      };
      case 'appendFile': return function appendFile(path, data, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.appendFile', () => { host.writeFile(p, Buf().concat([contents(p) || Buf().alloc(0), Buf().from(data)])); cb(null); });
      };
      case 'open': return function open(path, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.open', () => (lookup(p) ? cb(null, fds().open(p)) : cb(enoent('open', p))));
      };
      case 'close': return function close(fd, cb) { job('fs.close', () => { fds().close(fd); if (cb) cb(null); }); };
      case 'fstat': return function fstat(fd, ...rest) {
        const cb = callbackArg(rest);
        job('fs.fstat', () => cb(null, makeStats(lookup(fds().path(fd)))));
      };
      case 'unlink': return function unlink(path, cb) { const p = toPath(path); job('fs.unlink', () => { host.unlinkFile(p); cb(null); }); };
      case 'mkdir': return function mkdir(path, ...rest) { const cb = callbackArg(rest); job('fs.mkdir', () => cb(null)); };

      // ---- sync API (main thread) ----
      case 'statSync': case 'lstatSync': return named(key, function (path, options) {
        syncCost();
        const p = toPath(path);
        const info = lookup(p);
        if (!info) { if (options && options.throwIfNoEntry === false) return undefined; throw enoent(key.slice(0, -4), p); }
        return makeStats(info);
      });
      case 'readFileSync': return function readFileSync(path, options) {
        syncCost();
        const p = toPath(path);
        const info = lookup(p);
        if (!info) throw enoent('open', p);
        if (info.dir) throw eisdir('read', p);
        return encode(contents(p), options);
      };
      case 'writeFileSync': return function writeFileSync(path, data) { syncCost(); host.writeFile(toPath(path), Buf().from(data)); };
      case 'existsSync': return function existsSync(path) { syncCost(); try { return !!lookup(toPath(path)); } catch (e) { return false; } };
      case 'readdirSync': return function readdirSync(path) {
        syncCost();
        const p = toPath(path);
        const info = lookup(p);
        if (!info || !info.dir) throw enoent('scandir', p);
        return host.readdir(p);
      };
      case 'accessSync': return function accessSync(path) { syncCost(); const p = toPath(path); if (!lookup(p)) throw enoent('access', p); };

      // ---- promises API: same pool jobs, results through promises ----
      case 'promises': return {
        async stat(path) { const p = toPath(path); await pjob('fs.promises.stat'); const info = lookup(p); if (!info) throw enoent('stat', p); return makeStats(info); },
        async access(path) { const p = toPath(path); await pjob('fs.promises.access'); if (!lookup(p)) throw enoent('access', p); },
        async readdir(path) { const p = toPath(path); await pjob('fs.promises.readdir'); const info = lookup(p); if (!info || !info.dir) throw enoent('scandir', p); return host.readdir(p); },
        async readFile(path, options) {
          const p = toPath(path);
          if (oneJobRead()) {
            await pjob('fs.promises.readFile');
            const info = lookup(p);
            if (!info) throw enoent('open', p);
            if (info.dir) throw eisdir('read', p);
            if (info.size > readFileChunk) {
              await pjob('fs.promises.readFile: read');
              await pjob('fs.promises.readFile: close');
            }
            return encode(contents(p), options);
          }
          await pjob('fs.promises.readFile: open');
          const info = lookup(p);
          if (!info) throw enoent('open', p);
          await pjob('fs.promises.readFile: fstat');
          await pjob('fs.promises.readFile: read');
          await pjob('fs.promises.readFile: close');
          return encode(contents(p), options);
        },
        async writeFile(path, data) {
          const p = toPath(path);
          await pjob('fs.promises.writeFile: open');
          await pjob('fs.promises.writeFile: write');
          await pjob('fs.promises.writeFile: close');
          host.writeFile(p, Buf().from(data));
        },
        async unlink(path) { const p = toPath(path); await pjob('fs.promises.unlink'); host.unlinkFile(p); },
        async mkdir() { await pjob('fs.promises.mkdir'); },
      };

      // ---- streams ----
      case 'createReadStream': return function createReadStream(path, options) {
        const { Readable } = internals.builtin('stream');
        const p = toPath(path);
        const stream = new Readable({ read() {} });
        stream.path = p;
        stream.bytesRead = 0;
        job('fs.createReadStream: open', () => {
          const info = lookup(p);
          if (!info) { stream.destroy(enoent('open', p)); return; }
          const fd = fds().open(p);
          stream.fd = fd;
          stream.emit('open', fd);
          stream.emit('ready');
          job('fs.createReadStream: read', () => {
            const data = contents(p);
            stream.bytesRead = data.length;
            const enc = typeof options === 'string' ? options : options && options.encoding;
            if (data.length > 0) stream.push(enc ? data.toString(enc) : data);
            job('fs.createReadStream: read', () => {
              stream.push(null);
              stream.once('end', () => job('fs.createReadStream: close', () => { fds().close(fd); }));
            });
          });
        });
        return stream;
      };

      case 'Stats': return Stats;
      case 'createWriteStream': case 'watch': case 'watchFile': return () => unsupported('fs.' + key + '()');
      case 'constants': return { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 };
      case 'F_OK': return 0;
      case 'R_OK': return 4;
      case 'W_OK': return 2;
      case 'X_OK': return 1;
      default: return undefined;
    }
  };

  // Each export is made on first read (most programs use one or two), then kept as a
  // plain data property the program may replace or delete.
  for (const key of ['appendFile', 'access', 'close', 'createReadStream', 'createWriteStream', 'exists', 'fstat',
    'lstat', 'mkdir', 'open', 'readdir', 'readFile', 'stat', 'unlink', 'watch', 'watchFile', 'writeFile',
    'accessSync', 'existsSync', 'lstatSync', 'readdirSync', 'readFileSync', 'statSync', 'writeFileSync',
    'Stats', 'constants', 'promises', 'F_OK', 'R_OK', 'W_OK', 'X_OK']) {
    Object.defineProperty(exports, key, {
      get() {
        const v = member(key);
        Object.defineProperty(exports, key, { value: v, writable: true, enumerable: true, configurable: true });
        return v;
      },
      set(v) { Object.defineProperty(exports, key, { value: v, writable: true, enumerable: true, configurable: true }); },
      enumerable: true, configurable: true,
    });
  }
  return exports;
})
