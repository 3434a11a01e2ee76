const { Readable } = require('stream');
const r = Readable.from(['a', 'b', 'c']);
r.on('data', (chunk) => console.log('data', chunk));
r.on('end', () => console.log('end'));
console.log('sync');
