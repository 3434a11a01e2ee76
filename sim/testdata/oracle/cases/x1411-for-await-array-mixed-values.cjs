// for await over an array mixing plain values, resolved promises and a thenable, against a then chain.
const thenable = { then(resolve) { console.log('thenable.then called'); resolve('from thenable'); } };
(async () => {
  for await (const v of [1, Promise.resolve(2), thenable, 'four']) console.log('loop', v);
  console.log('loop done');
})();
let p = Promise.resolve();
for (let i = 1; i <= 8; i++) p = p.then(() => console.log('then', i));
