Promise.any([
  Promise.reject(new Error('x')),
  new Promise((r) => setTimeout(() => r('slow'), 20)),
  new Promise((r) => setTimeout(() => r('fast'), 5)),
]).then((v) => console.log('any', v));
