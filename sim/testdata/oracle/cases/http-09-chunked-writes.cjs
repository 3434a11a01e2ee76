// A response written in three chunks, 20 ms apart; the client sees all of it at 'end'.
const http = require('http');
const server = http.createServer((req, res) => {
  let i = 0;
  const id = setInterval(() => {
    res.write('part' + ++i + ';');
    if (i === 3) { clearInterval(id); res.end(); }
  }, 20);
});
server.listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => { console.log(body); server.close(); });
  });
});
