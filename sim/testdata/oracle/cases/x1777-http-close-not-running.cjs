// close(cb) on a server that is not listening calls back with ERR_SERVER_NOT_RUNNING,
// before and after it listened; a listening one calls back with no error.
const http = require('http');
const server = http.createServer();
server.close((err) => {
  console.log('before listen:', err.code, err.message);
  server.listen(0, () => {
    server.close((err2) => {
      console.log('listening close:', err2);
      server.close((err3) => console.log('again:', err3 && err3.code));
    });
  });
});
console.log('listening?', server.listening);
