// @threadpool: 1
// fs.promises uses the same pool requests as the callback API; with one
// thread every request completes in FIFO order, and the promise-based
// callers run as microtasks right after the completing I/O callback:
// fs.promises.stat | fs.stat | fs.promises.readFile | fs.readFile
// (both readFiles are multi-step, their later steps re-queue FIFO).
const fs = require('fs');
fs.promises.stat(__filename).then(() => console.log('fs.promises.stat'));
fs.stat(__filename, () => console.log('fs.stat'));
fs.promises.readFile(__filename).then(() => console.log('fs.promises.readFile'));
fs.readFile(__filename, () => console.log('fs.readFile'));
