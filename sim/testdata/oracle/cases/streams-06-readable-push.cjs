// A Readable with read() pushing numbers until null ends it.
const { Readable } = require('stream');
let i = 0;
const r = new Readable({
  read() {
    i++;
    this.push(i <= 3 ? 'n' + i : null);
  },
});
r.setEncoding('utf8');
r.on('data', (c) => console.log('chunk', c));
r.on('end', () => console.log('end after', i, 'reads'));
