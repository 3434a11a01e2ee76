// process.loadEnvFile (a set variable keeps its value), ref/unref of a timer, mainModule,
// domain, setSourceMapsEnabled, availableMemory; each where the release has it.
const fs = require('fs');
const has = (name) => typeof process[name] === 'function';
console.log(['loadEnvFile', 'ref', 'unref', 'availableMemory', 'constrainedMemory', 'setSourceMapsEnabled', 'openStdin', '_rawDebug'].filter(has).join());
console.log(process.domain, process.mainModule === require.main);
if (has('loadEnvFile')) {
  fs.writeFileSync('x2717.env', 'A=1\n# comment\nB="two words"\nexport C=3\n');
  process.env.A = 'kept';
  process.loadEnvFile('x2717.env');
  console.log(process.env.A, process.env.B, process.env.C);
  fs.unlinkSync('x2717.env');
  try { process.loadEnvFile('x2717-missing.env'); } catch (e) { console.log(e.code, e.message); }
}
if (has('availableMemory')) console.log(typeof process.availableMemory());
const t = setTimeout(() => console.log('timer ran'), 5);
if (has('unref')) {
  process.unref(t);
  console.log(t.hasRef());
  process.ref(t);
  console.log(t.hasRef());
}
if (has('setSourceMapsEnabled')) {
  process.setSourceMapsEnabled(true);
  console.log(process.sourceMapsEnabled);
  try { process.setSourceMapsEnabled(1); } catch (e) { console.log(e.code, e.message); }
}
