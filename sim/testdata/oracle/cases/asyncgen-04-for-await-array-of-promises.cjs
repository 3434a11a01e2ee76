// for await over an array of promises awaits each element in array order.
const later = (ms, v) => new Promise((r) => setTimeout(() => r(v), ms));
(async () => {
  for await (const v of [later(30, 'slow'), later(10, 'fast'), 'plain']) console.log(v);
})();
