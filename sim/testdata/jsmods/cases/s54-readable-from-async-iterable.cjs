// @node-only: the simulator's engine has no Symbol.asyncIterator.
// Readable.from over an async iterable: each value costs promise hops;
// destroy (autoDestroy after 'end') calls the iterator's return().
const { Readable } = stream;
let i = 0;
const asyncIterable = {
  [Symbol.asyncIterator]() {
    return {
      next() { i++; return Promise.resolve(i <= 2 ? { value: 'it' + i, done: false } : { done: true }); },
      return() { console.log('iterator return()'); return Promise.resolve({ done: true }); },
    };
  },
};
const b = Readable.from(asyncIterable);
b.on('data', (d) => console.log('b data', d));
b.on('end', () => console.log('b end'));
b.on('close', () => console.log('b close'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise 1')).then(() => console.log('promise 2'));
