// A stream that errors makes for await throw the error; chunks before it are delivered.
const { Readable } = require('node:stream');
const r = new Readable({ objectMode: true, read() {} });
r.push('first');
setTimeout(() => r.push('second'), 10);
setTimeout(() => r.destroy(new Error('disk gone')), 30);
(async () => {
  try {
    for await (const chunk of r) console.log('chunk', chunk);
  } catch (e) {
    console.log('caught', e.message);
  }
  console.log('destroyed', r.destroyed);
})();
