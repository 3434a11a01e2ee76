// Removing 'data' listeners: off() of the last one stops direct delivery;
// removeAllListeners('data') does not reset that state (as in Node), so a
// chunk pushed meanwhile is handed to nobody.
const { Readable } = stream;
const r = new Readable({ objectMode: true, read() {} });
function onData(d) { console.log('data', d); }
r.on('data', onData);
setImmediate(() => {
  r.push(1);
  r.removeAllListeners('data');
  r.push(2);
  console.log('after removeAll: length', r.readableLength, 'flowing', r.readableFlowing);
  setImmediate(() => {
    r.on('data', (d) => console.log('late listener got', d));
    r.push(3);
    setImmediate(() => {
      const r2 = new Readable({ objectMode: true, read() {} });
      r2.on('data', onData);
      setImmediate(() => {
        r2.off('data', onData);
        r2.push('x');
        console.log('after off: length', r2.readableLength, 'flowing', r2.readableFlowing);
      });
    });
  });
});
