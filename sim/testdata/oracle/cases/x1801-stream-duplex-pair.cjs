// stream.duplexPair: what one side writes the other reads; ending one side ends the other.
const { duplexPair, _isArrayBufferView, _uint8ArrayToBuffer } = require('stream');
const [a, b] = duplexPair();
b.on('data', (d) => console.log('b got', d.toString()));
b.on('end', () => console.log('b end'));
a.write('hello', () => console.log('a write done'));
a.end('bye', () => console.log('a end done'));
a.on('finish', () => console.log('a finish'));
b.end();
a.on('data', () => {});
a.on('end', () => console.log('a end'));
console.log(_isArrayBufferView(new Uint8Array(2)), _isArrayBufferView([]), Buffer.isBuffer(_uint8ArrayToBuffer(new Uint8Array([1]))));
