// util.parseArgs with tokens, short groups, negatives, defaults and its errors.
const { parseArgs } = require('util');
const options = { verbose: { type: 'boolean', short: 'v' }, out: { type: 'string', short: 'o', default: 'a.out' }, tag: { type: 'string', multiple: true } };
const r = parseArgs({ args: ['-vo', 'file', '--tag=x', '--tag', 'y', 'pos', '--', '--not-an-option'], options, allowPositionals: true, tokens: true });
console.log(JSON.stringify(r.values), r.positionals);
for (const t of r.tokens) console.log(JSON.stringify(t));
console.log(JSON.stringify(parseArgs({ args: [], options }).values));
console.log(JSON.stringify(parseArgs({ args: ['--no-verbose'], options, allowNegative: true }).values));
for (const args of [['--nope'], ['-o'], ['--verbose=1'], ['x'], ['-o', '-v']]) {
  try { parseArgs({ args, options }); } catch (e) { console.log(e.code, e.message); }
}
