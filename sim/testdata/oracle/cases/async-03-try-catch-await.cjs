// A rejected await throws inside the async function, where try/catch handles it.
async function load(ok) {
  await new Promise((r) => setTimeout(r, 10));
  if (!ok) throw new Error('load failed');
  return 'data';
}
(async () => {
  try {
    console.log(await load(true));
    console.log(await load(false));
  } catch (err) {
    console.log('caught:', err.message);
  } finally {
    console.log('finally');
  }
})();
