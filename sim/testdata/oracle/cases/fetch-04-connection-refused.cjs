// fetch to a closed port rejects with a TypeError whose cause has the code.
const http = require('http');
const server = http.createServer();
server.listen(0, () => {
  const port = server.address().port;
  server.close(async () => {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
    } catch (err) {
      console.log(err.name, err.message, err.cause && err.cause.code);
    }
  });
});
