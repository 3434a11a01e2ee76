// close() on a server that is not listening calls back with ERR_SERVER_NOT_RUNNING.
const http = require('http');
const server = http.createServer();
server.close((err) => console.log('close callback:', err && err.code));
