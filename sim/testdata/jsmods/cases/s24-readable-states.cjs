const { Readable, Writable } = stream;
const r = new Readable({ read() {} });
const show = (label) => console.log(label, JSON.stringify({
  readable: r.readable, flowing: r.readableFlowing, ended: r.readableEnded,
  destroyed: r.destroyed, closed: r.closed, length: r.readableLength, paused: r.isPaused(),
}));
show('initial');
r.push('abc');
show('pushed');
r.on('data', () => show('in data'));
show('listener added');
r.push(null);
r.on('end', () => show('in end'));
r.on('close', () => show('in close'));
const w = new Writable({ write(c, e, cb) { cb(); } });
const wshow = (label) => console.log(label, JSON.stringify({
  writable: w.writable, ended: w.writableEnded, finished: w.writableFinished,
  destroyed: w.destroyed, closed: w.closed, length: w.writableLength,
}));
wshow('w initial');
w.write('x');
wshow('w written');
w.end();
wshow('w ended');
w.on('finish', () => wshow('w finish'));
w.on('close', () => wshow('w close'));
