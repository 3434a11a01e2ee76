// for await takes an array's promises in index order, even when a later one settles first.
const after = (ms, v) => new Promise((r) => setTimeout(() => { console.log('settled', v); r(v); }, ms));
(async () => {
  const started = [after(40, 'slow'), after(10, 'quick'), after(25, 'middle')];
  for await (const v of started) console.log('loop', v);
})();
