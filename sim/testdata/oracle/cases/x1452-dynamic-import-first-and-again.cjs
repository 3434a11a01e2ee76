// import() of a module the loader has not seen takes more promise jobs than one it has: counted with a then chain.
const log = [];
let n = 0;
const count = () => { n = 0; let p = Promise.resolve(); for (let i = 1; i <= 40; i++) p = p.then(() => { n = i; }); };
count(); import('node:events').then(() => log.push('first import@' + n));
setTimeout(() => { count(); import('node:events').then(() => log.push('again@' + n)); }, 10);
setTimeout(() => { count(); Promise.resolve().then(() => { n = 0; import('node:events').then(() => log.push('from a job@' + n)); }); }, 20);
setTimeout(() => { count(); import('node:path').then(() => log.push('another module@' + n)); }, 30);
setTimeout(() => console.log(log.join('\n')), 40);
