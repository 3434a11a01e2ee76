// randomUUID's shape and randomInt's range.
const crypto = require('crypto');
const id = crypto.randomUUID();
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id));
const n = crypto.randomInt(10, 20);
console.log(n >= 10 && n < 20);
crypto.randomInt(5, (err, v) => console.log('async randomInt', err, v >= 0 && v < 5));
