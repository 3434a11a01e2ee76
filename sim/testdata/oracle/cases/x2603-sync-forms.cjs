// The synchronous forms: execSync, execFileSync, spawnSync with input through cat.
const cp = require('child_process');
console.log(JSON.stringify(cp.execSync('echo one two').toString()));
console.log(JSON.stringify(cp.execFileSync('echo', ['-n', 'no newline'], { encoding: 'utf8' })));
const r = cp.spawnSync('cat', { input: 'piped in\nsecond line\n' });
console.log(r.status, r.signal, JSON.stringify(String(r.stdout)), r.stderr.length, r.output.length);
const f = cp.spawnSync('false');
console.log('false', f.status, f.signal);
try {
  cp.execSync('exit 4', { stdio: 'pipe' });
} catch (e) {
  console.log('threw', e.status, e.message.split('\n')[0]);
}
const missing = cp.spawnSync('no-such-program-here');
console.log('missing', missing.error.code, missing.status, missing.pid === 0 || typeof missing.pid);
