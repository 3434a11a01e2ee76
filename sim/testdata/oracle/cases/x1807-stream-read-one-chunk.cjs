// read() with no size: Node 26 returns the first buffered chunk, older releases everything
// buffered; objectMode and flowing streams give one chunk at a time in every release.
const { Readable } = require('stream');
function t(label, r, next) {
  r.on('readable', () => { let c; while ((c = r.read()) !== null) console.log(label, 'read', c.toString()); });
  r.on('end', () => { console.log(label, 'end'); next && next(); });
}
t('from-array', Readable.from(['ab', 'cd'], { objectMode: false }), () =>
t('from-array-obj', Readable.from(['ab', 'cd']), () =>
t('from-gen', Readable.from((function* () { yield 'ab'; yield 'cd'; })(), { objectMode: false }), () =>
t('from-asyncgen', Readable.from((async function* () { yield 'ab'; yield 'cd'; })(), { objectMode: false }), () => {
  let i = 0; const r = new Readable({ read() { i++; if (i === 1) { this.push('ab'); } else if (i === 2) this.push('cd'); else this.push(null); } });
  t('custom', r);
}))));
const p = new Readable({ read() {} });
p.push('ef'); p.push('gh');
setTimeout(() => console.log('paused read', String(p.read()), p.readableLength), 50);
