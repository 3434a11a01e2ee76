// An I/O callback inside the loop: the loop resumes in a promise job after the fs callback.
const fs = require('node:fs');
const readFirstByte = () => new Promise((resolve, reject) => {
  fs.readFile(__filename, (err, data) => {
    if (err) return reject(err);
    console.log('readFile callback');
    process.nextTick(() => console.log('tick after callback'));
    resolve(data[0]);
  });
});
async function* bytes() {
  yield await readFirstByte();
  yield await readFirstByte();
}
(async () => {
  for await (const b of bytes()) console.log('byte', b);
})();
setTimeout(() => console.log('timer 1000'), 1000);
