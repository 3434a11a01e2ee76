// break calls the iterator's return() once, with no argument, and awaits what it returns.
const source = {
  [Symbol.asyncIterator]() {
    let n = 0;
    return {
      next: async () => ({ value: ++n, done: false }),
      return: async (...args) => {
        console.log('return() called with', args.length, 'arguments');
        await new Promise((r) => setTimeout(r, 10));
        console.log('return() finished');
        return { done: true };
      },
    };
  },
};
(async () => {
  for await (const v of source) {
    console.log('value', v);
    if (v === 2) break;
  }
  console.log('after loop');
})();
