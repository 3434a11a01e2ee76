async function double(x) {
  await null;
  console.log('double', x);
  return x * 2;
}
(async () => {
  const out = await Promise.all([1, 2, 3].map(double));
  console.log(out.join(','));
})();
console.log('sync');
