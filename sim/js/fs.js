// fs.js: node:fs on the simulated thread pool. Each async request is one pool job (R-P4);
// readFile/writeFile are several jobs (open, fstat, read, close), each delivered by its
// own poll phase (case 010); since Node 26.8 a readFile of up to 512 KiB is one job
// (R-V6). fs.promises uses the same jobs and settles promises (R-P5).
// *Sync calls run on the main thread and cost Costs.SyncFSUS each.
// The file system is virtual (sim/fs.go): the run's files under /app, changed by the
// program for this run only. Most operations are declared once (ops below) and come in
// the three forms Node has: callback (one pool job), Sync and promises.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType, fileURLToPath, validateFunction } = internals;
  // Buffer is loaded on first use: most programs only stat or read a file's existence.
  let BufferClass = null;
  const Buf = () => BufferClass || (BufferClass = internals.builtin('buffer').Buffer);
  const pathMod = () => internals.builtin('path');

  // toPath is a path argument as Node shows it in errors: a string as given (relative to
  // the working directory, which Go resolves; a 'file:' string is a relative path too), a
  // file: URL's path, a Buffer's text.
  function toPath(p, name = 'path') {
    if (typeof p === 'string') return p;
    if (p !== null && typeof p === 'object' && typeof p.href === 'string') return fileURLToPath(p);
    if (Buf().isBuffer(p)) return p.toString();
    throw invalidArgType(name, 'of type string or an instance of Buffer or URL', p);
  }

  // sysError is Node's error for a failed system call: "ENOENT: no such file or
  // directory, open 'x'" (and " -> 'y'" for the two-path calls), with errno, code,
  // syscall, path and dest in that order (console.log shows them so).
  const errnos = {
    ENOENT: [-2, 'no such file or directory'], EEXIST: [-17, 'file already exists'], ENOTDIR: [-20, 'not a directory'],
    EISDIR: [-21, 'illegal operation on a directory'], ENOTEMPTY: [-39, 'directory not empty'],
    EBADF: [-9, 'bad file descriptor'], EINVAL: [-22, 'invalid argument'],
  };
  function sysError(code, syscall, path, dest) {
    const [errno, text] = errnos[code];
    let message = code + ': ' + text + ', ' + syscall;
    if (path !== undefined) message += " '" + path + "'";
    if (dest !== undefined) message += " -> '" + dest + "'";
    const e = new Error(message);
    e.errno = errno; e.code = code; e.syscall = syscall; // Node's order of the properties
    if (path !== undefined) e.path = path;
    if (dest !== undefined) e.dest = dest;
    return e;
  }
  const enoent = (syscall, path) => sysError('ENOENT', syscall, path);
  const eisdir = (syscall) => sysError('EISDIR', syscall);
  // change asks Go to change the tree (fs.go fsChange) and throws what Linux answers.
  function change(op, syscall, path, other, flag) {
    const code = host.fsChange(op, path, other, !!flag);
    if (code) throw sysError(code, syscall, path, other === undefined || op.startsWith('mk') ? undefined : other);
  }
  // The process's umask (process.umask()): what a mode given at creation loses.
  const umask = () => internals.process.umask();
  // fileMode is a mode argument as Node takes it (parseFileMode): an integer or an octal
  // string, def when undefined.
  function fileMode(mode, name, def) {
    if (mode === undefined || mode === null) return def;
    if (typeof mode === 'string') {
      if (!/^[0-7]+$/.test(mode)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument '" + name + "' must be a 32-bit unsigned integer or an octal string. Received " + internals.inspect(mode));
      mode = parseInt(mode, 8);
    }
    if (typeof mode !== 'number') throw invalidArgType(name, 'of type number', mode);
    if (!Number.isInteger(mode)) throw internals.outOfRange(name, 'an integer', mode);
    if (mode < 0 || mode > 4294967295) throw internals.outOfRange(name, '>= 0 && <= 4294967295', mode);
    return mode;
  }
  // chmod sets the permission bits of path (ENOENT from syscall when it is missing).
  function chmod(syscall, path, mode) {
    if (host.fsMeta('chmod', path, mode & 0o7777)) throw enoent(syscall, path);
  }
  // unixTime is a time argument of utimes in seconds (Node's toUnixTimestamp).
  function unixTime(time, name) {
    if (typeof time === 'string' && +time == time) return +time; // eslint-disable-line eqeqeq
    if (typeof time === 'number' && Number.isFinite(time)) return time < 0 ? Date.now() / 1000 : time;
    if (time instanceof Date) return time.getTime() / 1000;
    throw invalidArgType(name, 'of type number or an instance of Date', time);
  }
  function utimes(syscall, path, atime, mtime) {
    if (host.fsMeta('utimes', path, unixTime(atime, 'atime') * 1000, unixTime(mtime, 'mtime') * 1000)) throw enoent(syscall, path);
  }
  // created gives an entry the program just made its mode (mode & ~umask).
  function created(path, mode) { host.fsMeta('chmod', path, mode & ~umask() & 0o7777); }

  // fs.Stats as Node makes them from the entry's inode (fsmeta.go: its permission bits
  // and times; a file the run starts with has mode 0o100644, a directory 0o40755, every
  // time the simulation's epoch); the is* methods read the mode, as Node's do.
  // With { bigint: true } every number is a BigInt and the times have ...Ns forms.
  class Stats {
    constructor(info) {
      const dir = !!info.dir;
      this.dev = 2049; this.mode = (dir ? 0o40000 : 0o100000) | info.perm; this.nlink = 1; this.uid = 1000; this.gid = 1000;
      this.rdev = 0; this.blksize = 4096; this.ino = 1000 + (info.size % 997); this.size = info.size;
      this.blocks = Math.ceil(info.size / 512) * 1;
      this.atimeMs = info.atimeMs; this.mtimeMs = info.mtimeMs; this.ctimeMs = info.ctimeMs; this.birthtimeMs = info.birthtimeMs;
      this.atime = new Date(info.atimeMs); this.mtime = new Date(info.mtimeMs); this.ctime = new Date(info.ctimeMs); this.birthtime = new Date(info.birthtimeMs);
    }
    isFile() { return (Number(this.mode) & 0o170000) === 0o100000; }
    isDirectory() { return (Number(this.mode) & 0o170000) === 0o040000; }
    isSymbolicLink() { return false; }
    isFIFO() { return false; }
    isSocket() { return false; }
    isBlockDevice() { return false; }
    isCharacterDevice() { return false; }
  }
  class BigIntStats extends Stats {
    constructor(info) {
      super(info);
      for (const k of ['dev', 'mode', 'nlink', 'uid', 'gid', 'rdev', 'blksize', 'ino', 'size', 'blocks', 'atimeMs', 'mtimeMs', 'ctimeMs', 'birthtimeMs']) this[k] = BigInt(Math.trunc(this[k]));
      for (const t of ['atime', 'mtime', 'ctime', 'birthtime']) this[t + 'Ns'] = BigInt(Math.round(info[t + 'Ms'] * 1e6));
    }
  }
  const makeStats = (info, options) => (options && options.bigint ? new BigIntStats(info) : new Stats(info));

  // Dirent is an entry of readdir({ withFileTypes: true }) and of a Dir.
  const kType = Symbol('type');
  class Dirent {
    constructor(name, type, parentPath) { this.name = name; this.parentPath = parentPath; this[kType] = type; }
    isFile() { return this[kType] === 1; }
    isDirectory() { return this[kType] === 2; }
    isSymbolicLink() { return false; }
    isFIFO() { return false; }
    isSocket() { return false; }
    isBlockDevice() { return false; }
    isCharacterDevice() { return false; }
  }

  // StatFs: the simulated disk (fixed figures, 256 GiB with half free).
  class StatFs {
    constructor(big) {
      const n = big ? BigInt : Number;
      Object.assign(this, { type: n(61267), bsize: n(4096), frsize: n(4096), blocks: n(67108864), bfree: n(33554432), bavail: n(33554432), files: n(16777216), ffree: n(16000000) });
    }
  }

  function lookup(path) { return host.statFile(path); }
  const named = (name, fn) => Object.defineProperty(fn, 'name', { value: name });
  function contents(path) {
    const ab = host.readFile(path);
    return ab === undefined ? undefined : Buf().from(ab);
  }
  function encodingOf(options) { return typeof options === 'string' ? options : options && options.encoding; }
  function encode(buf, options) {
    const enc = encodingOf(options);
    return enc && enc !== 'buffer' ? buf.toString(enc) : buf;
  }
  function dataBytes(data, options) {
    if (typeof data === 'string') return Buf().from(data, encodingOf(options) || 'utf8');
    if (ArrayBuffer.isView(data)) return Buf().from(data.buffer, data.byteOffset, data.byteLength);
    throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  }
  function cost() { return host.cost('fs'); }

  // job runs one pool request; done(result) is called in the poll phase.
  function job(label, done) { host.poolJob(label, cost(), false, done); }

  function callbackArg(args) {
    const cb = args[args.length - 1];
    validateFunction(cb, 'cb');
    return cb;
  }

  // ---- file descriptors: a table of open files with their position -------------------
  let fdTable = null;
  const fds = () => fdTable || (fdTable = { next: 20, table: Object.create(null) });
  function openFile(path, flags = 'r', mode) {
    flags = String(flags);
    const info = lookup(path);
    if (flags.includes('x') && info) throw sysError('EEXIST', 'open', path);
    if (!info && flags[0] === 'r') throw enoent('open', path);
    if (info && info.dir && flags !== 'r') throw sysError('EISDIR', 'open', path);
    if (!info) { change('mkfile', 'open', path); created(path, fileMode(mode, 'mode', 0o666)); }
    if (flags[0] === 'w') host.writeFile(path, Buf().alloc(0));
    const t = fds();
    const fd = t.next++;
    const both = flags.includes('+');
    t.table[fd] = { path, pos: 0, append: flags[0] === 'a', dir: !!(info && info.dir), canRead: both || flags[0] === 'r', canWrite: both || flags[0] !== 'r' };
    return fd;
  }
  // fileOf is the open file fd, or EBADF (also when the file was not opened to read or
  // to write, as syscall needs).
  function fileOf(fd, syscall) {
    const f = fdTable && fdTable.table[fd];
    if (!f || (syscall === 'read' && !f.canRead) || (syscall === 'write' && !f.canWrite)) throw sysError('EBADF', syscall);
    return f;
  }
  function closeFile(fd) { fileOf(fd, 'close'); delete fdTable.table[fd]; }
  // readAt reads up to length bytes at position (or the file's position, advancing it).
  function readAt(fd, buffer, offset = 0, length = buffer.byteLength - offset, position = null) {
    const f = fileOf(fd, 'read');
    if (f.dir) throw eisdir('read');
    const data = contents(f.path) || Buf().alloc(0);
    const at = position === null || position === undefined || position < 0 ? f.pos : Number(position);
    const n = Math.max(0, Math.min(length, data.length - at));
    Buf().from(buffer.buffer, buffer.byteOffset, buffer.byteLength).set(data.subarray(at, at + n), offset);
    if (position === null || position === undefined || position < 0) f.pos += n;
    return n;
  }
  // writeAt writes bytes at position (or the file's position, advancing it; at the end
  // for a file opened to append).
  function writeAt(fd, bytes, position = null) {
    const f = fileOf(fd, 'write');
    const data = contents(f.path) || Buf().alloc(0);
    const at = f.append ? data.length : (position === null || position === undefined ? f.pos : Number(position));
    const out = Buf().alloc(Math.max(data.length, at + bytes.length));
    data.copy(out, 0);
    bytes.copy(out, at);
    host.writeFile(f.path, out);
    if (position === null || position === undefined || f.append) f.pos = at + bytes.length;
    return bytes.length;
  }
  // readArgs are read's arguments after fd: (buffer, offset, length, position),
  // (buffer, { offset, length, position }), ({ buffer, ... }) or nothing.
  function readArgs(args) {
    let [buffer, offset, length, position] = args;
    if (buffer !== null && typeof buffer === 'object' && !ArrayBuffer.isView(buffer)) ({ buffer, offset, length, position } = buffer);
    else if (offset !== null && typeof offset === 'object') ({ offset, length, position } = offset);
    if (buffer === undefined) buffer = Buf().alloc(16384);
    offset = offset || 0;
    if (length === undefined) length = buffer.byteLength - offset;
    return [buffer, offset, length, position];
  }
  // writeArgs: (buffer, offset, length, position) or (string, position, encoding).
  function writeArgs(data, a, b, c) {
    if (typeof data === 'string') return [Buf().from(data, typeof b === 'string' ? b : 'utf8'), a];
    if (a !== null && typeof a === 'object') ({ offset: a, length: b, position: c } = a);
    const buf = dataBytes(data);
    const offset = a || 0;
    const length = b === undefined ? buf.length - offset : b;
    return [buf.subarray(offset, offset + length), c];
  }

  // ---- operations on paths: one implementation, three forms ---------------------------
  function recursiveOf(options) { return !!(options && typeof options === 'object' && options.recursive); }
  function readdirNames(path, options) {
    const info = lookup(path);
    if (!info) throw enoent('scandir', path);
    if (!info.dir) throw sysError('ENOTDIR', 'scandir', path);
    const withTypes = options && typeof options === 'object' && options.withFileTypes;
    const out = [];
    const walk = (dir, rel) => {
      for (const name of host.readdir(dir)) {
        const full = dir + '/' + name;
        const isDir = lookup(full).dir;
        out.push(withTypes ? new Dirent(name, isDir ? 2 : 1, rel === '' ? path : path + '/' + rel) : (rel === '' ? name : rel + '/' + name));
        if (isDir && recursiveOf(options)) walk(full, rel === '' ? name : rel + '/' + name);
      }
    };
    walk(path, '');
    const enc = encodingOf(options);
    return enc === 'buffer' && !withTypes ? out.map((n) => Buf().from(n)) : out;
  }
  function statOf(syscall) {
    return (path, options) => {
      const info = lookup(path);
      if (!info) {
        if (options && options.throwIfNoEntry === false && syscall.endsWith('Sync')) return undefined;
        throw enoent(syscall.replace('Sync', ''), path);
      }
      return makeStats(info, options);
    };
  }
  function exists(path) { return !!lookup(path); }
  function mustExist(syscall) { return (path) => { if (!lookup(path)) throw enoent(syscall, path); }; }
  function mkdir(path, options) {
    const recursive = recursiveOf(options);
    const mode = fileMode(typeof options === 'object' && options !== null ? options.mode : options, 'mode', 0o777);
    if (!recursive) { change('mkdir', 'mkdir', path); created(path, mode); return undefined; }
    let first;
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const p = parts.slice(0, i).join('/');
      if (p === '' || p === '.' || p === '..') continue;
      if (!lookup(p)) { first = first || p; }
    }
    change('mkdir', 'mkdir', path, undefined, true);
    if (first !== undefined) created(path, mode);
    return first === undefined ? undefined : pathMod().resolve(first);
  }
  function rm(path, options) {
    const info = rmCheck(path, options);
    if (info) change(info.dir ? 'rmdir' : 'unlink', 'rm', path, undefined, true);
  }
  // rmCheck is fs.rm's check of its options against what path is (Node's
  // validateRmOptions): the entry, undefined when it is missing and options.force is set,
  // or Node's error (ENOENT from lstat; EISDIR for a folder without options.recursive).
  function rmCheck(path, options) {
    const info = lookup(path);
    if (!info) {
      if (options && options.force) return undefined;
      throw enoent('lstat', path);
    }
    if (info.dir && !recursiveOf(options)) {
      throw makeError(SystemErrorClass(), 'ERR_FS_EISDIR', 'Path is a directory: rm returned EISDIR (is a directory) ' + path,
        { info: { code: 'EISDIR', message: 'is a directory', path, syscall: 'rm', errno: 21 }, errno: 21, syscall: 'rm', path });
    }
    return info;
  }
  // rmJobs is fs.rm's callback and promise forms as Node's lib does them (lib/fs.js rm:
  // validateRmOptions' lstat, then lib/internal/fs/rimraf.js), one pool round trip per
  // system call: lstat for the check, then lstat again, then unlink a file, or rmdir a
  // folder; a folder's entries make that rmdir fail (ENOTEMPTY) into readdir, every entry
  // removed the same way at once, then rmdir again. A file takes 3 round trips, a folder
  // holding one file 7, so a removal lasts beside other pool work as long as Node's
  // (rmSync is one call into C++ in Node 24).
  function rmJobs(label, path, options, cb) {
    job(label + ': lstat', () => {
      try { rmCheck(path, options); } catch (e) { cb(e); return; }
      removeEntry(label, path, cb);
    });
  }
  function removeEntry(label, path, cb) {
    const step = (what, fn) => job(label + ': ' + what, () => { try { fn(); } catch (e) { cb(e); return; } cb(null); });
    job(label + ': lstat', () => {
      const info = lookup(path);
      if (!info) { cb(null); return; }
      if (!info.dir) { step('unlink', () => change('unlink', 'unlink', path)); return; }
      if (readdirNames(path).length === 0) { step('rmdir', () => change('rmdir', 'rmdir', path)); return; }
      job(label + ': rmdir', () => job(label + ': readdir', () => {
        const names = readdirNames(path);
        let left = names.length, failed = false;
        if (left === 0) { step('rmdir', () => change('rmdir', 'rmdir', path)); return; }
        for (const name of names) {
          removeEntry(label, path + '/' + name, (err) => {
            if (failed) return;
            if (err) { failed = true; cb(err); return; }
            if (--left === 0) step('rmdir', () => change('rmdir', 'rmdir', path));
          });
        }
      }));
    });
  }
  function cp(src, dest, options) {
    const info = lookup(src);
    if (!info) throw enoent('lstat', src);
    if (info.dir && !recursiveOf(options)) {
      throw makeError(SystemErrorClass(), 'ERR_FS_EISDIR', 'Recursive option is required to copy a directory: cp returned EISDIR (' + src + ' is a directory (not copied)) ' + src,
        { errno: 21, syscall: 'cp', path: src });
    }
    if (options && options.errorOnExist && options.force === false && lookup(dest)) {
      throw makeError(SystemErrorClass(), 'ERR_FS_CP_EEXIST', 'Target already exists: cp returned EEXIST (' + dest + ' already exists) ' + dest, { errno: 17, syscall: 'cp', path: dest });
    }
    if (options && options.force === false && lookup(dest)) return undefined;
    const filter = options && options.filter;
    if (typeof filter !== 'function') { change('copytree', 'cp', src, dest); return undefined; }
    return cpFiltered(src, dest, filter);
  }
  // cpFiltered copies src to dest entry by entry, leaving out what filter(src, dest)
  // refuses (a directory with everything under it); a directory keeps its mode. A filter
  // that answers with a promise makes the copy wait for it (fs.cp and fs.promises.cp
  // take that): the result is then a promise.
  function cpFiltered(src, dest, filter) {
    const step = (from, to, keep) => {
      if (!keep) return undefined;
      const info = lookup(from);
      if (!info.dir) { change('copy', 'copyfile', from, to); return undefined; }
      if (!lookup(to)) { change('mkdir', 'mkdir', to); host.fsMeta('chmod', to, info.perm); }
      return inTurn(host.readdir(from), (name) => visit(pathMod().join(from, name), pathMod().join(to, name)));
    };
    const visit = (from, to) => {
      const keep = filter(from, to);
      return keep && typeof keep.then === 'function' ? keep.then((k) => step(from, to, k)) : step(from, to, keep);
    };
    return visit(src, dest);
  }
  // inTurn calls fn on each item in turn, waiting for a promise fn returns before the next.
  function inTurn(items, fn) {
    for (let i = 0; i < items.length; i++) {
      const r = fn(items[i]);
      if (r && typeof r.then === 'function') return r.then(() => inTurn(items.slice(i + 1), fn));
    }
    return undefined;
  }
  // SystemError: Node's class of errors a system call reports through libuv (name and
  // toString "SystemError [CODE]: ...").
  let SystemError;
  function SystemErrorClass() {
    if (!SystemError) {
      SystemError = class SystemError extends Error {
        get name() { return 'SystemError'; }
        toString() { return 'SystemError [' + this.code + ']: ' + this.message; }
      };
    }
    return SystemError;
  }
  function realpath(path) {
    if (!lookup(path)) throw enoent('lstat', pathMod().resolve(path));
    return pathMod().resolve(path);
  }
  function realpathNative(path) {
    if (!lookup(path)) throw enoent('realpath', path);
    return pathMod().resolve(path);
  }
  const tempChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  function mkdtemp(prefix) {
    for (;;) {
      const bytes = new Uint8Array(host.randomBytes(6));
      let p = String(prefix);
      for (const b of bytes) p += tempChars[b % tempChars.length];
      if (!lookup(p)) { change('mkdir', 'mkdtemp', p); created(p, 0o700); return p; }
    }
  }
  function truncate(path, len = 0) {
    const data = contents(path);
    if (data === undefined) { if (lookup(path)) throw eisdir('open'); throw enoent('open', path); }
    const out = Buf().alloc(len);
    data.copy(out, 0, 0, Math.min(len, data.length));
    host.writeFile(path, out);
  }
  function writeFile(path, data, options) {
    if (typeof path === 'number') { writeAt(path, dataBytes(data, options)); return; }
    const flag = (options && typeof options === 'object' && options.flag) || 'w';
    const info = lookup(path);
    if (info && info.dir) throw sysError('EISDIR', 'open', path);
    if (String(flag).includes('x') && info) throw sysError('EEXIST', 'open', path);
    if (!info) { change('mkfile', 'open', path); created(path, fileMode(options && typeof options === 'object' ? options.mode : undefined, 'mode', 0o666)); }
    const bytes = dataBytes(data, options);
    host.writeFile(path, String(flag)[0] === 'a' ? Buf().concat([contents(path), bytes]) : bytes);
  }
  function appendFile(path, data, options) {
    writeFile(path, data, Object.assign({}, typeof options === 'string' ? { encoding: options } : options, { flag: 'a' }));
  }
  function readFileNow(path, options) {
    if (typeof path === 'number') {
      const f = fileOf(path, 'read');
      const data = contents(f.path);
      const rest = data.subarray(f.pos);
      f.pos = data.length;
      return encode(Buf().from(rest), options);
    }
    const info = lookup(path);
    if (!info) throw enoent('open', path);
    if (info.dir) throw eisdir('read');
    return encode(contents(path), options);
  }

  // ops: name -> [how many leading arguments are paths, the implementation]. The
  // implementation runs when the pool job completes (callback and promise forms) or at
  // once (Sync), and throws Node's error.
  const ops = {
    access: [1, mustExist('access')],
    chmod: [1, (path, mode) => chmod('chmod', path, fileMode(mode, 'mode'))],
    lchmod: [1, (path, mode) => chmod('lchmod', path, fileMode(mode, 'mode'))],
    chown: [1, mustExist('chown')], lchown: [1, mustExist('lchown')],
    utimes: [1, (path, atime, mtime) => utimes('utime', path, atime, mtime)],
    lutimes: [1, (path, atime, mtime) => utimes('lutime', path, atime, mtime)],
    mkdir: [1, mkdir],
    rmdir: [1, (path, options) => {
      if (/(^|\/)\.\/*$/.test(path)) throw sysError('EINVAL', 'rmdir', path); // Linux refuses to remove '.'
      change('rmdir', 'rmdir', path);
    }],
    rm: [1, rm],
    unlink: [1, (path) => change('unlink', 'unlink', path)],
    rename: [2, (from, to) => change('rename', 'rename', from, to)],
    copyFile: [2, (from, to, mode) => change('copy', 'copyfile', from, to, (mode & 1) === 1)],
    link: [2, (from, to) => { if (lookup(to)) throw sysError('EEXIST', 'link', from, to); change('copy', 'link', from, to, true); }],
    cp: [2, cp],
    readdir: [1, readdirNames],
    realpath: [1, realpath],
    mkdtemp: [0, mkdtemp],
    truncate: [1, truncate],
    statfs: [1, (path, options) => { if (!lookup(path)) throw enoent('statfs', path); return new StatFs(options && options.bigint); }],
    appendFile: [0, appendFile],
  };
  const fdOps = {
    fstat: (fd, options) => { const f = fileOf(fd, 'fstat'); return makeStats(lookup(f.path), options); },
    fchmod: (fd, mode) => chmod('fchmod', fileOf(fd, 'fchmod').path, fileMode(mode, 'mode')),
    fchown: (fd) => { fileOf(fd, 'fchown'); },
    futimes: (fd, atime, mtime) => utimes('futime', fileOf(fd, 'futime').path, atime, mtime),
    fsync: (fd) => { fileOf(fd, 'fsync'); },
    fdatasync: (fd) => { fileOf(fd, 'fdatasync'); },
    ftruncate: (fd, len = 0) => truncate(fileOf(fd, 'ftruncate').path, len),
    close: closeFile,
  };
  function normalize(nPaths, args) {
    return args.map((a, i) => (i < nPaths ? toPath(a, nPaths === 2 ? (i === 0 ? 'src' : 'dest') : 'path') : a));
  }
  // callbackForm: one pool job, then cb(err) or cb(null, value).
  function callbackForm(name, nPaths, impl) {
    return named(name, function (...args) {
      const cb = callbackArg(args);
      const rest = normalize(nPaths, args.slice(0, -1));
      job('fs.' + name, () => {
        let v;
        try { v = impl(...rest); } catch (e) { cb(e); return; }
        if (v && typeof v.then === 'function') v.then(() => cb(null), cb); // cp's asynchronous filter
        else if (v === undefined) cb(null); else cb(null, v);
      });
    });
  }
  function syncForm(name, nPaths, impl) {
    return named(name + 'Sync', function (...args) { syncCost(); return impl(...normalize(nPaths, args)); });
  }
  function promiseForm(name, nPaths, impl) {
    return named(name, async function (...args) {
      const rest = normalize(nPaths, args);
      await pjob('fs.promises.' + name);
      return impl(...rest);
    });
  }

  // promisifiesTo names the values fn's callback gets, for util.promisify (Node's
  // kCustomPromisifyArgsSymbol).
  function promisifiesTo(names, fn) {
    Object.defineProperty(fn, internals.customPromisifyArgs, { value: names, enumerable: false });
    return fn;
  }
  function syncCost() { host.cpu(host.cost('syncfs')); }
  function pjob(label) { return new Promise((resolve) => job(label, resolve)); }

  // oneJobRead reports whether readFile opens, stats, reads and closes a file in one pool
  // round trip (Node 26.8+, R-V6; lib/fs.js ReadFileJob): files up to one chunk,
  // kReadFileBufferLength (512 KiB). A larger file comes back open with its size, and
  // the chunked reader takes over.
  let oneJob;
  function oneJobRead() { return oneJob === undefined ? (oneJob = host.hasChange('R-V6')) : oneJob; }
  const readFileChunk = 512 * 1024;

  // ---- fs.promises and its FileHandle -------------------------------------------------
  // A FileHandle is an EventEmitter (Node's extends it): close() emits 'close' at once,
  // as it gives the descriptor up; the pool job that closes it settles the promise.
  class FileHandle {
    #fd; #closing;
    constructor(fd) {
      const { EventEmitter } = internals.builtin('events');
      if (Object.getPrototypeOf(FileHandle.prototype) !== EventEmitter.prototype) Object.setPrototypeOf(FileHandle.prototype, EventEmitter.prototype);
      EventEmitter.init.call(this);
      this.#fd = fd;
    }
    get fd() { return this.#fd; }
    async #job(name, fn) { await pjob('fs.promises.FileHandle.' + name); return fn(); }
    stat(options) { return this.#job('stat', () => fdOps.fstat(this.#fd, options)); }
    read(...args) {
      const [buffer, offset, length, position] = readArgs(args);
      return this.#job('read', () => ({ bytesRead: readAt(this.#fd, buffer, offset, length, position), buffer }));
    }
    write(data, a, b, c) {
      const [bytes, position] = writeArgs(data, a, b, c);
      return this.#job('write', () => ({ bytesWritten: writeAt(this.#fd, bytes, position), buffer: data }));
    }
    readFile(options) { return this.#job('readFile', () => readFileNow(this.#fd, options)); }
    writeFile(data, options) { return this.#job('writeFile', () => { writeAt(this.#fd, dataBytes(data, options)); }); }
    appendFile(data, options) { return this.writeFile(data, options); }
    truncate(len) { return this.#job('truncate', () => fdOps.ftruncate(this.#fd, len)); }
    sync() { return this.#job('sync', () => fdOps.fsync(this.#fd)); }
    datasync() { return this.#job('datasync', () => fdOps.fdatasync(this.#fd)); }
    chmod(mode) { return this.#job('chmod', () => fdOps.fchmod(this.#fd, mode)); }
    chown() { return this.#job('chown', () => fdOps.fchown(this.#fd)); }
    utimes(atime, mtime) { return this.#job('utimes', () => fdOps.futimes(this.#fd, atime, mtime)); }
    close() {
      if (this.#fd === -1) return Promise.resolve();
      if (this.#closing) return this.#closing;
      const fd = this.#fd;
      this.#fd = -1;
      this.#closing = new Promise((resolve, reject) => job('fs.promises.FileHandle.close', () => {
        try { closeFile(fd); } catch (e) { reject(e); return; }
        resolve();
      })).finally(() => { this.#closing = undefined; });
      this.emit('close');
      return this.#closing;
    }
    async [Symbol.asyncDispose]() { if (this.#fd !== -1) await this.close(); }
    createReadStream(options) { return exports.createReadStream(null, Object.assign({}, options, { fd: this.#fd })); }
    createWriteStream(options) { return exports.createWriteStream(null, Object.assign({}, options, { fd: this.#fd })); }
    async *readLines() { for (const line of String(await this.readFile('utf8')).split(/\r?\n/).filter((l, i, a) => i < a.length - 1 || l !== '')) yield line; }
  }

  function makePromises() {
    const p = {
      async stat(path, options) { const q = toPath(path); await pjob('fs.promises.stat'); return statOf('stat')(q, options); },
      async lstat(path, options) { const q = toPath(path); await pjob('fs.promises.lstat'); return statOf('lstat')(q, options); },
      async readFile(path, options) {
        if (path instanceof FileHandle) return path.readFile(options);
        const q = toPath(path);
        if (oneJobRead()) {
          await pjob('fs.promises.readFile');
          const info = lookup(q);
          if (!info) throw enoent('open', q);
          if (info.dir) throw eisdir('read');
          if (info.size > readFileChunk) {
            await pjob('fs.promises.readFile: read');
            await pjob('fs.promises.readFile: close');
          }
          return encode(contents(q), options);
        }
        await pjob('fs.promises.readFile: open');
        const info = lookup(q);
        if (!info) throw enoent('open', q);
        await pjob('fs.promises.readFile: fstat');
        await pjob('fs.promises.readFile: read');
        await pjob('fs.promises.readFile: close');
        return readFileNow(q, options);
      },
      async writeFile(path, data, options) {
        if (path instanceof FileHandle) return path.writeFile(data, options);
        const q = toPath(path);
        await pjob('fs.promises.writeFile: open');
        await pjob('fs.promises.writeFile: write');
        await pjob('fs.promises.writeFile: close');
        writeFile(q, data, options);
      },
      async open(path, flags, mode) {
        const q = toPath(path);
        await pjob('fs.promises.open');
        return new FileHandle(openFile(q, flags, mode));
      },
      async opendir(path, options) { const q = toPath(path); await pjob('fs.promises.opendir'); return new Dir(q, readdirNames(q, Object.assign({}, options, { withFileTypes: true }))); },
      // glob: an async iterator of the matches; mkdtempDisposable: a directory removed
      // by await using (or remove()).
      async *glob(pattern, options) { await pjob('fs.promises.glob'); yield* globNow(pattern, options); },
      async mkdtempDisposable(prefix) {
        await pjob('fs.promises.mkdtemp');
        const path = pathMod().resolve(mkdtemp(prefix));
        const remove = async () => { await pjob('fs.promises.rm'); rm(path, { recursive: true, force: true }); };
        return { path, remove, [Symbol.asyncDispose]: remove };
      },
      constants: exports.constants,
    };
    for (const name of Object.keys(ops)) p[name] = promiseForm(name, ops[name][0], ops[name][1]);
    p.rm = named('rm', async function rm(path, options) {
      const q = toPath(path);
      return new Promise((resolve, reject) => rmJobs('fs.promises.rm', q, options, (e) => (e ? reject(e) : resolve())));
    });
    return p;
  }

  // ---- Dir: opendir's handle, read entry by entry -------------------------------------
  class Dir {
    #entries; #closed = false;
    constructor(path, entries) { this.path = path; this.#entries = entries; }
    #next() { if (this.#closed) throw makeError(Error, 'ERR_DIR_CLOSED', 'Directory handle was closed'); return this.#entries.shift() || null; }
    readSync() { return this.#next(); }
    read(cb) {
      if (typeof cb !== 'function') return pjob('fs.Dir.read').then(() => this.#next());
      job('fs.Dir.read', () => { let e; try { e = this.#next(); } catch (err) { cb(err); return; } cb(null, e); });
      return undefined;
    }
    closeSync() { this.#next(); this.#closed = true; }
    close(cb) {
      if (typeof cb !== 'function') return pjob('fs.Dir.close').then(() => this.closeSync());
      job('fs.Dir.close', () => { try { this.closeSync(); } catch (err) { cb(err); return; } cb(null); });
      return undefined;
    }
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) { const e = await this.read(); if (e === null) break; yield e; }
      } finally { if (!this.#closed) await this.close(); }
    }
    *entries() { for (;;) { const e = this.readSync(); if (e === null) break; yield e; } }
  }

  // ---- streams --------------------------------------------------------------------------
  const kDefaultRead = 64 * 1024;
  function streamOptions(options) { return typeof options === 'string' ? { encoding: options } : (options || {}); }
  // makeReadStream: Node's fs.ReadStream. It opens the file in _construct (one job,
  // then 'open' and 'ready'), reads highWaterMark bytes (64 KiB) a job from start to end
  // (inclusive), pushes null when a read returns nothing or end is passed, and closes
  // the file in _destroy (one job) before 'close'.
  function makeReadStream(path, options) {
    const { Readable } = internals.builtin('stream');
    const o = streamOptions(options);
    const p = path === null ? null : toPath(path);
    const start = o.start === undefined ? 0 : o.start;
    const end = o.end === undefined ? Infinity : o.end;
    if (start > end) throw internals.outOfRange('start', '<= "end" (here: ' + end + ')', start);
    const stream = new Readable({
      highWaterMark: o.highWaterMark || kDefaultRead, encoding: o.encoding, signal: o.signal, emitClose: o.emitClose !== false, autoDestroy: o.autoClose !== false,
      construct: (cb) => construct(cb), read: () => read(), destroy: (err, cb) => destroy(err, cb),
    });
    stream.path = p;
    stream.fd = o.fd === undefined ? null : (typeof o.fd === 'object' ? o.fd.fd : o.fd);
    stream.flags = o.flags || 'r';
    stream.start = o.start;
    stream.end = end;
    stream.pos = o.start;
    stream.bytesRead = 0;
    let pos = start;
    const chunk = o.highWaterMark || kDefaultRead;
    const construct = (cb) => {
      if (stream.fd !== null) { cb(); return; }
      job('fs.createReadStream: open', () => {
        try { stream.fd = openFile(p, stream.flags); } catch (e) { cb(e); return; }
        cb();
        stream.emit('open', stream.fd);
        stream.emit('ready');
      });
    };
    const read = () => {
      const want = Math.min(end - pos + 1, chunk);
      if (want <= 0) { stream.push(null); return; }
      job('fs.createReadStream: read', () => {
        let got;
        try {
          const f = fileOf(stream.fd, 'read');
          const data = contents(f.path) || Buf().alloc(0);
          got = data.subarray(pos, pos + want);
        } catch (e) { stream.destroy(e); return; }
        pos += got.length;
        stream.pos = pos;
        stream.bytesRead += got.length;
        stream.push(got.length > 0 ? Buf().from(got) : null);
      });
    };
    const destroy = (err, cb) => {
      if (stream.fd === null || stream.fd === undefined || o.autoClose === false) { cb(err); return; }
      job('fs.createReadStream: close', () => { try { closeFile(stream.fd); } catch (e) { /* closed already */ } stream.fd = null; cb(err); });
    };
    stream.close = (cb) => { if (typeof cb === 'function') stream.once('close', cb); stream.destroy(); };
    Object.defineProperty(stream, 'pending', { get: () => stream.fd === null, configurable: true });
    return stream;
  }
  // makeWriteStream: Node's fs.WriteStream. It opens in _construct (one job, 'open',
  // 'ready'), writes each chunk as one job (the chunks buffered meanwhile as one writev
  // job), and closes in _destroy after 'finish' (one job, then 'close').
  function makeWriteStream(path, options) {
    const { Writable } = internals.builtin('stream');
    const o = streamOptions(options);
    const p = path === null ? null : toPath(path);
    const stream = new Writable({
      highWaterMark: o.highWaterMark, decodeStrings: true, defaultEncoding: o.encoding || 'utf8', emitClose: o.emitClose !== false, autoDestroy: o.autoClose !== false, signal: o.signal,
      construct: (cb) => construct(cb), write: (chunk, enc, cb) => write(chunk, cb), writev: (chunks, cb) => writev(chunks, cb), destroy: (err, cb) => destroy(err, cb),
    });
    stream.fd = o.fd === undefined ? null : (typeof o.fd === 'object' ? o.fd.fd : o.fd);
    stream.path = p;
    stream.flags = o.flags || 'w';
    stream.mode = o.mode === undefined ? 0o666 : o.mode;
    stream.start = o.start;
    stream.pos = o.start;
    stream.bytesWritten = 0;
    const put = (bytes) => {
      const n = writeAt(stream.fd, bytes, stream.pos === undefined ? null : stream.pos);
      if (stream.pos !== undefined) stream.pos += n;
      stream.bytesWritten += n;
    };
    const construct = (cb) => {
      if (stream.fd !== null) { cb(); return; }
      job('fs.createWriteStream: open', () => {
        try { stream.fd = openFile(p, stream.flags); } catch (e) { cb(e); return; }
        cb();
        stream.emit('open', stream.fd);
        stream.emit('ready');
      });
    };
    const write = (chunk, cb) => job('fs.createWriteStream: write', () => {
      try { put(Buf().from(chunk)); } catch (e) { cb(e); return; }
      cb();
    });
    const writev = (chunks, cb) => job('fs.createWriteStream: writev', () => {
      try { put(Buf().concat(chunks.map((c) => Buf().from(c.chunk)))); } catch (e) { cb(e); return; }
      cb();
    });
    const destroy = (err, cb) => {
      if (stream.fd === null || stream.fd === undefined || o.autoClose === false) { cb(err); return; }
      job('fs.createWriteStream: close', () => { try { closeFile(stream.fd); } catch (e) { /* closed already */ } stream.fd = null; cb(err); });
    };
    stream.close = (cb) => {
      if (typeof cb === 'function') stream.once('close', cb);
      if (stream.writableEnded) stream.destroy(); else stream.end();
    };
    stream.destroySoon = stream.end;
    Object.defineProperty(stream, 'pending', { get: () => stream.fd === null, configurable: true });
    return stream;
  }


  // member makes the export named key (undefined: fs has no such export).
  const member = (key) => {
    if (key.endsWith('Sync')) {
      const base = key.slice(0, -4);
      if (ops[base]) {
        const f = syncForm(base, ops[base][0], ops[base][1]);
        if (base === 'realpath') f.native = named('realpathSync', (path) => { syncCost(); return realpathNative(toPath(path)); });
        return f;
      }
      if (fdOps[base]) return named(key, function (fd, ...rest) { syncCost(); return fdOps[base](fd, ...rest); });
    } else {
      if (key === 'rm') {
        return named('rm', function (path, ...rest) {
          const cb = callbackArg(rest);
          rmJobs('fs.rm', toPath(path), typeof rest[0] === 'function' ? undefined : rest[0], cb);
        });
      }
      if (ops[key]) {
        const f = callbackForm(key, ops[key][0], ops[key][1]);
        if (key === 'realpath') f.native = callbackForm('realpath', 1, realpathNative);
        return f;
      }
      if (fdOps[key]) {
        return named(key, function (fd, ...rest) {
          const cb = typeof rest[rest.length - 1] === 'function' ? rest.pop() : (key === 'close' ? () => {} : callbackArg(rest));
          job('fs.' + key, () => {
            let v;
            try { v = fdOps[key](fd, ...rest); } catch (e) { cb(e); return; }
            if (v === undefined) cb(null); else cb(null, v);
          });
        });
      }
    }
    switch (key) {
      // ---- callback API ----
      // stat and lstat for every call Go's (fsapi.go nFsStat) does not take itself.
      case 'stat': case 'lstat': return named(key, function (path, ...rest) {
        const cb = callbackArg(rest);
        const options = typeof rest[0] === 'object' ? rest[0] : undefined;
        const p = toPath(path);
        job('fs.' + key, () => { const info = lookup(p); info ? cb(null, makeStats(info, options)) : cb(enoent(key, p)); });
      });
      case 'exists': {
        const exists = function exists(path, cb) {
          let p;
          try { p = toPath(path); } catch (e) { p = undefined; }
          job('fs.exists', () => cb(p !== undefined && !!lookup(p)));
        };
        // promisified, it resolves with the boolean (Node's custom form)
        Object.defineProperty(exists, Symbol.for('nodejs.util.promisify.custom'), {
          value: named('exists', (path) => new Promise((resolve) => exists(path, resolve))), enumerable: false, writable: false, configurable: true,
        });
        return exists;
      }
      // readFile is open -> fstat -> read -> close, each its own pool request (lib/fs.js).
      case 'readFile': return function readFile(path, ...rest) {
        const cb = callbackArg(rest);
        const options = typeof rest[0] === 'function' ? undefined : rest[0];
        if (typeof path === 'number') { job('fs.readFile: read', () => { let v; try { v = readFileNow(path, options); } catch (e) { cb(e); return; } cb(null, v); }); return; }
        const p = toPath(path);
        if (oneJobRead()) {
          job('fs.readFile', () => {
            const info = lookup(p);
            if (!info) return cb(enoent('open', p));
            if (info.dir) return cb(eisdir('read'));
            if (info.size <= readFileChunk) return cb(null, encode(contents(p), options));
            job('fs.readFile: read', () => job('fs.readFile: close', () => cb(null, encode(contents(p), options))));
          });
          return;
        }
        job('fs.readFile: open', () => {
          const info = lookup(p);
          if (!info) return cb(enoent('open', p));
          if (info.dir) return job('fs.readFile: close', () => cb(eisdir('read')));
          job('fs.readFile: fstat', () => job('fs.readFile: read', () => job('fs.readFile: close', () => cb(null, encode(contents(p), options)))));
        });
      };
      case 'writeFile': return function writeFile_(path, data, ...rest) {
        const cb = callbackArg(rest);
        const options = typeof rest[0] === 'function' ? undefined : rest[0];
        const p = typeof path === 'number' ? path : toPath(path);
        job('fs.writeFile: open', () => job('fs.writeFile: write', () => job('fs.writeFile: close', () => {
          try { writeFile(p, data, options); } catch (e) { cb(e); return; }
          cb(null);
        })));
      };
      case 'open': return function open(path, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        const flags = typeof rest[0] === 'function' ? 'r' : rest[0];
        job('fs.open', () => { let fd; try { fd = openFile(p, flags || 'r'); } catch (e) { cb(e); return; } cb(null, fd); });
      };
      case 'read': return promisifiesTo(['bytesRead', 'buffer'], function read(fd, ...rest) {
        const cb = callbackArg(rest);
        const [buffer, offset, length, position] = readArgs(rest.slice(0, -1));
        job('fs.read', () => { let n; try { n = readAt(fd, buffer, offset, length, position); } catch (e) { cb(e, 0, buffer); return; } cb(null, n, buffer); });
      });
      case 'write': return promisifiesTo(['bytesWritten', 'buffer'], function write(fd, data, ...rest) {
        const cb = callbackArg(rest);
        const [bytes, position] = writeArgs(data, ...rest.slice(0, -1));
        job('fs.write', () => { let n; try { n = writeAt(fd, bytes, position); } catch (e) { cb(e, 0, data); return; } cb(null, n, data); });
      });
      case 'readv': case 'writev': return promisifiesTo([key === 'readv' ? 'bytesRead' : 'bytesWritten', 'buffers'], named(key, function (fd, buffers, ...rest) {
        const cb = callbackArg(rest);
        const position = typeof rest[0] === 'number' ? rest[0] : null;
        job('fs.' + key, () => {
          let n;
          try { n = vectored(key, fd, buffers, position); } catch (e) { cb(e); return; }
          cb(null, n, buffers);
        });
      }));
      case 'opendir': return function opendir(path, ...rest) {
        const cb = callbackArg(rest);
        const p = toPath(path);
        job('fs.opendir', () => { let d; try { d = new Dir(p, readdirNames(p, { withFileTypes: true })); } catch (e) { cb(e); return; } cb(null, d); });
      };
      case 'glob': return function glob(pattern, ...rest) {
        const cb = callbackArg(rest);
        job('fs.glob', () => cb(null, globNow(pattern, rest[0])));
      };

      // ---- sync API (main thread) ----
      case 'statSync': case 'lstatSync': return named(key, function (path, options) { syncCost(); return statOf(key)(toPath(path), options); });
      case 'readFileSync': return function readFileSync(path, options) {
        syncCost();
        return readFileNow(typeof path === 'number' ? path : toPath(path), options);
      };
      case 'writeFileSync': return function writeFileSync(path, data, options) { syncCost(); writeFile(typeof path === 'number' ? path : toPath(path), data, options); };
      case 'existsSync': return function existsSync(path) { syncCost(); try { return exists(toPath(path)); } catch (e) { return false; } };
      case 'openSync': return function openSync(path, flags) { syncCost(); return openFile(toPath(path), flags || 'r'); };
      case 'readSync': return function readSync(fd, ...rest) { syncCost(); return readAt(fd, ...readArgs(rest)); };
      case 'writeSync': return function writeSync(fd, data, ...rest) { syncCost(); return writeAt(fd, ...writeArgs(data, ...rest)); };
      case 'readvSync': case 'writevSync': return named(key, function (fd, buffers, position) { syncCost(); return vectored(key.slice(0, -4), fd, buffers, position); });
      case 'opendirSync': return function opendirSync(path) { syncCost(); const p = toPath(path); return new Dir(p, readdirNames(p, { withFileTypes: true })); };
      case 'globSync': return function globSync(pattern, options) { syncCost(); return globNow(pattern, options); };
      case 'mkdtempDisposableSync': return function mkdtempDisposableSync(prefix) {
        syncCost();
        const path = pathMod().resolve(mkdtemp(prefix));
        const remove = () => rm(path, { recursive: true, force: true });
        return { path, remove, [Symbol.dispose]: remove };
      };

      case 'promises': return makePromises();

      // ---- streams ----
      case 'createReadStream': return function createReadStream(path, options) { return makeReadStream(path, options); };
      case 'createWriteStream': return function createWriteStream(path, options) { return makeWriteStream(path, options); };
      // The classes work with and without new; both make the stream.
      case 'ReadStream': case 'FileReadStream': return named('ReadStream', function (path, options) { return makeReadStream(path, options); });
      case 'WriteStream': case 'FileWriteStream': return named('WriteStream', function (path, options) { return makeWriteStream(path, options); });

      case 'Stats': return Stats;
      case 'Dirent': return Dirent;
      case 'Dir': return Dir;
      // _toUnixTimestamp: a Date, or a time in seconds (number or numeric string), in seconds.
      case '_toUnixTimestamp': return function toUnixTimestamp(time, name = 'time') {
        if (typeof time === 'string' && +time == time) return +time;
        if (typeof time === 'number' && Number.isFinite(time)) return time < 0 ? Date.now() / 1000 : time;
        if (time instanceof Date) return time.getTime() / 1000;
        throw invalidArgType(name, 'of type number or an instance of Date', time);
      };
      case 'constants': return Object.assign(internals.nodeValues('fs').constants || {}, { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 });
      case 'F_OK': return 0;
      case 'R_OK': return 4;
      case 'W_OK': return 2;
      case 'X_OK': return 1;
      default: return undefined;
    }
  };

  // vectored is readv/writev: the buffers one after the other from position.
  function vectored(kind, fd, buffers, position = null) {
    let total = 0;
    for (const b of buffers) {
      const at = position === null || position === undefined ? null : position + total;
      const n = kind === 'readv' ? readAt(fd, b, 0, b.byteLength, at) : writeAt(fd, Buf().from(b.buffer, b.byteOffset, b.byteLength), at);
      total += n;
      if (kind === 'readv' && n < b.byteLength) break;
    }
    return total;
  }

  // globNow matches pattern (or patterns) against the tree under cwd (options.cwd).
  function globNow(pattern, options) {
    const patterns = Array.isArray(pattern) ? pattern : [pattern];
    const cwd = (options && options.cwd) || '.';
    const all = readdirNames(cwd, { recursive: true });
    return all.filter((p) => patterns.some((g) => pathMod().matchesGlob(p, g)));
  }

  // Each export is made on first read (most programs use one or two), then kept as a
  // plain data property the program may replace or delete.
  const keys = ['appendFile', 'access', 'close', 'createReadStream', 'createWriteStream', 'exists', 'fstat',
    'lstat', 'mkdir', 'open', 'readdir', 'readFile', 'stat', 'unlink', 'writeFile', '_toUnixTimestamp',
    'accessSync', 'existsSync', 'lstatSync', 'readdirSync', 'readFileSync', 'statSync', 'writeFileSync',
    'Stats', 'constants', 'promises', 'F_OK', 'R_OK', 'W_OK', 'X_OK',
    'Dir', 'Dirent', 'ReadStream', 'WriteStream', 'FileReadStream', 'FileWriteStream',
    'read', 'write', 'readv', 'writev', 'readSync', 'writeSync', 'readvSync', 'writevSync', 'openSync',
    'opendir', 'opendirSync', 'glob', 'globSync', 'mkdtempDisposableSync'];
  for (const k of Object.keys(ops)) if (k !== 'lchmod') keys.push(k, k + 'Sync'); // Linux has no lchmod
  for (const k of Object.keys(fdOps)) keys.push(k, k + 'Sync');
  for (const key of new Set(keys)) {
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
