// stream.finished calls back once a stream is done or failed.
const { finished, PassThrough } = require('stream');
const p = new PassThrough();
finished(p, (err) => console.log('finished', err ? err.message : 'cleanly'));
p.resume();
p.write('x');
p.end();
