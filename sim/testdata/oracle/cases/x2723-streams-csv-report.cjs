// An app: a CSV file read line by line with readline, parsed, aggregated in a Transform,
// written as JSON lines to a file through pipeline, then read back.
const fs = require('fs');
const readline = require('readline');
const { Transform, pipeline } = require('stream');
const file = 'x2723.tmp.csv', out = 'x2723.tmp.jsonl';
fs.writeFileSync(file, 'city,temp\nHanoi,31\nHue,29\nHanoi,33\n\nSaigon,35\nHue,bad\nSaigon,34\n');
const totals = new Map();
const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
let header = true, skipped = 0;
rl.on('line', (line) => {
  if (header) { header = false; return; }
  const [city, t] = line.split(',');
  const temp = Number(t);
  if (!city || Number.isNaN(temp)) { skipped++; return; }
  const e = totals.get(city) || { n: 0, sum: 0 };
  e.n++; e.sum += temp;
  totals.set(city, e);
});
rl.on('close', () => {
  console.log('lines read, skipped', skipped);
  const toJson = new Transform({
    objectMode: true,
    transform([city, e], enc, cb) { cb(null, JSON.stringify({ city, avg: e.sum / e.n }) + '\n'); },
  });
  const source = require('stream').Readable.from([...totals].sort());
  pipeline(source, toJson, fs.createWriteStream(out), (err) => {
    console.log('pipeline', err);
    console.log(fs.readFileSync(out, 'utf8').trim());
    fs.unlinkSync(file);
    fs.unlinkSync(out);
  });
});
