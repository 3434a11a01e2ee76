// @threadpool: 1
// fs.readFile is several pool requests (open, fstat, read, close). With one
// thread, only its 'open' is ahead of the pbkdf2 and the stat submitted
// after it; its later steps queue behind them, so it finishes last.
const fs = require('fs');
const crypto = require('crypto');
fs.readFile(__filename, () => console.log('readFile (1st)'));
crypto.pbkdf2('secret', 'salt', 50000, 32, 'sha256', () => console.log('pbkdf2 (2nd)'));
fs.stat(__filename, () => console.log('stat (3rd)'));
