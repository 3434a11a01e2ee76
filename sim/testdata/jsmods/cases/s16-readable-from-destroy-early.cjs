const { Readable } = stream;
function* gen() {
  try {
    for (let i = 0; ; i++) yield i;
  } finally {
    console.log('generator cleaned up');
  }
}
const r = Readable.from(gen());
r.on('data', (x) => {
  console.log('data', x);
  if (x === 2) { r.destroy(); console.log('destroyed'); }
});
r.on('close', () => console.log('close'));
r.on('end', () => console.log('end (never)'));
r.on('error', (e) => console.log('error (never)', e.message));
