// process.stdin from /dev/null (as the recordings run it): a Readable that ends with no
// data once its first read comes back from the thread pool.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => console.log('stdin end', JSON.stringify(input), process.stdin.readableEnded));
setTimeout(() => console.log('timeout 300'), 300);
console.log('sync', process.stdin.fd, typeof process.stdin.pipe, process.stdin.readable);
