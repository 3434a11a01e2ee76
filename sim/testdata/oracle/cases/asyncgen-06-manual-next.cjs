// Calling next() by hand shows the { value, done } objects.
async function* two() { yield 'a'; yield 'b'; }
const it = two();
(async () => {
  console.log(JSON.stringify(await it.next()));
  console.log(JSON.stringify(await it.next()));
  console.log(JSON.stringify(await it.next()));
  console.log(JSON.stringify(await it.next()));
})();
