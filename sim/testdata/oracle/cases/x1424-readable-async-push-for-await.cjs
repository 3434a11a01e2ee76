// A Readable fed by timers, read with for await: chunks arrive as they are pushed, then the loop ends.
const { Readable } = require('node:stream');
const r = new Readable({ read() {} });
let n = 0;
const id = setInterval(() => {
  n++;
  r.push(Buffer.from('part' + n));
  if (n === 3) {
    clearInterval(id);
    r.push(null);
  }
}, 10);
(async () => {
  const parts = [];
  for await (const chunk of r) {
    console.log('chunk is a Buffer:', Buffer.isBuffer(chunk), chunk.toString());
    parts.push(chunk.toString());
  }
  console.log('joined', parts.join('+'));
})();
