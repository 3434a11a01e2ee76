// A Readable's 'data' and 'end' events.
const { Readable } = require('stream');
const r = Readable.from(['a', 'b', 'c']);
r.on('data', (chunk) => console.log('data', chunk));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
console.log('listening');
