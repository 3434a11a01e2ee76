// util.promisify of a callback API that gives several values resolves with an object of
// them (fs.read, fs.write); a custom form is used as is; exists resolves with a boolean.
const fs = require('fs');
const util = require('util');
fs.writeFileSync('x2705.tmp', 'hello world');
const fd = fs.openSync('x2705.tmp', 'r+');
(async () => {
  const r = await util.promisify(fs.read)(fd, Buffer.alloc(5), 0, 5, 6);
  console.log(Object.keys(r), r.bytesRead, r.buffer.toString());
  const w = await util.promisify(fs.write)(fd, 'HELLO', 0);
  console.log(Object.keys(w), w.bytesWritten, w.buffer);
  console.log(await util.promisify(fs.exists)('x2705.tmp'), await util.promisify(fs.exists)('nope'));
  function two(cb) { setImmediate(cb, null, 'a', 'b'); }
  console.log(await util.promisify(two));
  function custom() {}
  custom[util.promisify.custom] = () => Promise.resolve('custom');
  console.log(util.promisify(custom) === custom[util.promisify.custom], await util.promisify(custom)());
  const p = util.promisify(two);
  console.log(p.name, util.promisify(p) === p);
  fs.closeSync(fd);
  console.log(fs.readFileSync('x2705.tmp', 'utf8'));
  fs.unlinkSync('x2705.tmp');
})();
