// The synchronous API: existsSync, writeFileSync, readFileSync, statSync, unlinkSync.
const fs = require('fs');
const f = 'fs-04.tmp';
console.log('exists before', fs.existsSync(f));
fs.writeFileSync(f, 'abc');
const st = fs.statSync(f);
console.log('size', st.size, st.isFile(), st.isDirectory());
console.log('content', fs.readFileSync(f, 'utf8'));
fs.appendFileSync(f, 'def');
console.log('appended', fs.readFileSync(f).toString());
fs.unlinkSync(f);
console.log('exists after', fs.existsSync(f));
