// Errors of asynchronous fs calls as console.log shows them: the message in brackets
// (no stack frames: the error is made in the callback) and errno, code, syscall, path
// and dest in Node's order; String(err) and Object.keys.
const fs = require('fs');
fs.readFile('x1508-nope.txt', (err) => {
  console.log(err);
  console.log(String(err), Object.keys(err));
  fs.mkdir('x1508-nope/x/y', (err) => {
    console.log(err);
    fs.rename('x1508-a', 'x1508-b', (err) => {
      console.log(err);
      fs.rmdir(__dirname, (err) => console.log(err.code, Object.keys(err)));
    });
  });
});
