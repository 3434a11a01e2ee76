// Five equal jobs on the default pool of four: the fifth starts only when one of the first
// four ends, so it is the last to finish.
const crypto = require('crypto');
const finished = [];
for (let i = 1; i <= 5; i++) {
  crypto.pbkdf2('x', 'y', 200000, 16, 'sha256', () => {
    finished.push(i);
    if (finished.length === 5) console.log('last to finish: job', finished[4]);
  });
}
