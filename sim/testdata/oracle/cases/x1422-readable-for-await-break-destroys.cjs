// break out of for await over a Readable destroys the stream: 'close' follows, no further reads.
const { Readable } = require('node:stream');
let reads = 0;
const r = new Readable({
  objectMode: true,
  read() {
    reads++;
    this.push('chunk ' + reads);
  },
});
r.on('close', () => console.log('close event, destroyed', r.destroyed));
(async () => {
  for await (const chunk of r) {
    console.log(chunk);
    if (chunk === 'chunk 2') break;
  }
  console.log('after loop, destroyed', r.destroyed);
})();
