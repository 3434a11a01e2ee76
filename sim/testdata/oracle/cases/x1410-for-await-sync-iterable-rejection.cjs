// for await over a sync iterable whose value is a rejected promise: the loop throws it.
const iterable = {
  [Symbol.iterator]() {
    let i = 0;
    return {
      next() {
        i++;
        if (i === 1) return { value: Promise.resolve('first'), done: false };
        if (i === 2) return { value: Promise.reject(new Error('second failed')), done: false };
        return { value: 'third', done: false };
      },
      return() {
        console.log('sync return() called');
        return { done: true };
      },
    };
  },
};
(async () => {
  try {
    for await (const v of iterable) console.log('got', v);
  } catch (e) {
    console.log('caught', e.message);
  }
})();
