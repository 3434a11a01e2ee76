// A request given an already-aborted signal emits 'error' (AbortError) and 'close', and
// the program ends.
const http = require('http');
const server = http.createServer((req, res) => res.end('ok'));
server.listen(0, () => {
  const req = http.get({ port: server.address().port, signal: AbortSignal.abort() }, () => console.log('response?'));
  req.on('error', (e) => console.log('error', e.name, e.code));
  req.on('close', () => { console.log('close', req.destroyed); server.close(() => console.log('server closed')); });
});
