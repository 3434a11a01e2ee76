Promise.resolve().then(() => { console.log(new Error('then').stack) });
async function inner() { await null; return new Error('after await') }
async function outer() { const e = await inner(); console.log(e.stack) }
outer();
async function sync() { return new Error('async before await') }
sync().then(e => console.log(e.stack));
new Promise(resolve => { console.log(new Error('executor').stack); resolve() });
