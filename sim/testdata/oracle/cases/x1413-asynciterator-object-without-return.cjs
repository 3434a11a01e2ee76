// A hand-written async iterator with no return(): break simply stops asking for values.
const source = {
  [Symbol.asyncIterator]() {
    let n = 0;
    return {
      next() {
        n++;
        console.log('next() called', n);
        return Promise.resolve({ value: n * 10, done: n > 5 });
      },
    };
  },
};
(async () => {
  for await (const v of source) {
    console.log('value', v);
    if (v === 20) break;
  }
  console.log('done');
})();
