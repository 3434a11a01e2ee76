// write() returns whether length < highWaterMark, measured after a
// synchronous _write completed.
const { Writable } = stream;
const sync = new Writable({ highWaterMark: 2, write(c, e, cb) { cb(); } });
sync.on('drain', () => console.log('sync drain (never)'));
console.log('sync big write ->', sync.write('abcdef'), 'needDrain', sync.writableNeedDrain);
const slow = new Writable({ highWaterMark: 2, write(c, e, cb) { setImmediate(cb); } });
slow.on('drain', () => console.log('slow drain, length', slow.writableLength));
console.log('slow big write ->', slow.write('abcdef'), 'needDrain', slow.writableNeedDrain);
console.log('slow second ->', slow.write('x'), 'length', slow.writableLength);
const obj = new Writable({ objectMode: true, highWaterMark: 1, write(c, e, cb) { console.log('obj write', c); cb(); } });
obj.on('drain', () => console.log('obj drain'));
console.log('obj write 1 ->', obj.write(1));
console.log('obj write 2 ->', obj.write(2));
