// Questions as Node asks them: one at a time (a second while one is pending re-prompts
// and its callback is dropped), a signal cancels, the promise form rejects.
const readline = require('readline');
const rlp = require('readline/promises');
const { PassThrough } = require('stream');
const input = new PassThrough();
const output = new PassThrough();
let written = '';
output.on('data', (d) => (written += d));
const rl = readline.createInterface({ input, output, terminal: false });
rl.question('first? ', (a) => console.log('first answer', a));
rl.question('second? ', (a) => console.log('second answer', a));
input.write('one\ntwo\n');
setTimeout(() => {
  console.log('written', JSON.stringify(written));
  const ac = new AbortController();
  rl.question('third? ', { signal: ac.signal }, (a) => console.log('third answer', a));
  ac.abort();
  input.write('three\n');
  rl.on('line', (l) => console.log('line', l));
  input.write('four\n');
  setTimeout(async () => {
    rl.close();
    const input2 = new PassThrough();
    const rl2 = rlp.createInterface({ input: input2, terminal: false });
    try { await rl2.question('q? ', { signal: AbortSignal.abort('why') }); } catch (e) { console.log('rejected', e.name, e.code, e.cause); }
    const ac2 = new AbortController();
    const p = rl2.question('q2? ', { signal: ac2.signal });
    ac2.abort();
    try { await p; } catch (e) { console.log('rejected2', e.name, e.message); }
    const p3 = rl2.question('q3? ');
    input2.write('yes\n');
    console.log('answer3', await p3);
    rl2.close();
    console.log('written', JSON.stringify(written));
  }, 5);
}, 5);
