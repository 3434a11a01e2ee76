const e = new Error('top');
console.log(e.stack);
