// destroy(err) emits 'error' then 'close'.
const { Readable } = require('stream');
const r = new Readable({ read() {} });
r.on('error', (e) => console.log('error', e.message));
r.on('close', () => console.log('close', r.destroyed));
r.destroy(new Error('broken source'));
console.log('destroy called');
