// process.loadEnvFile: the file's variables join process.env, but one the environment
// has already keeps its value; a missing file is fs's ENOENT.
const fs = require('fs');
const os = require('os');
const path = require('path');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x2619-'));
const file = path.join(dir, 'app.env');
fs.writeFileSync(file, 'PORT=8080\nGREETING="hello world"\n# a comment\nexport MODE=test\nUV_THREADPOOL_SIZE=99\n');
process.loadEnvFile(file);
console.log(process.env.PORT, process.env.GREETING, process.env.MODE, process.env.UV_THREADPOOL_SIZE);
try {
  process.loadEnvFile(path.join(dir, 'missing.env'));
} catch (e) {
  console.log(e.code, e.syscall);
}
fs.rmSync(dir, { recursive: true });
console.log(typeof process._events, process.listenerCount('exit'));
