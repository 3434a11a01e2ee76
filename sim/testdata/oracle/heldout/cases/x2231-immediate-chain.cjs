setImmediate(() => {
  console.log('imm 1');
  process.nextTick(() => console.log('tick in imm 1'));
});
setImmediate(() => {
  console.log('imm 2');
  Promise.resolve().then(() => console.log('promise in imm 2'));
});
setImmediate(() => console.log('imm 3'));
