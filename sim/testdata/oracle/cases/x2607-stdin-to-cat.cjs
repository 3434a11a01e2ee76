// Writing to a child's stdin: cat echoes what it reads, ends when stdin ends.
const { spawn } = require('child_process');
const c = spawn('cat');
const chunks = [];
c.stdout.on('data', (d) => chunks.push(String(d)));
c.on('close', (code) => console.log('close', code, JSON.stringify(chunks.join(''))));
c.stdin.write('first\n');
c.stdin.write('second\n', () => console.log('write callback'));
c.stdin.end('third\n');
c.stdin.on('finish', () => console.log('stdin finish'));
