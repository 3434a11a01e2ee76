// for await with destructuring and with an existing variable as the target.
async function* pairs() {
  yield ['a', 1];
  yield ['b', 2];
}
(async () => {
  for await (const [key, value] of pairs()) console.log(key, '=', value);
  let last;
  for await (last of pairs());
  console.log('last', JSON.stringify(last));
  const obj = {};
  for await (obj.item of ['x', 'y']);
  console.log('obj.item', obj.item);
})();
