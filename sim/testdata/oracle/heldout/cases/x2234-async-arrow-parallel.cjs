const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const task = async (name, ms) => {
  await delay(ms);
  console.log(name);
  return name;
};
(async () => {
  const results = await Promise.all([task('slow', 30), task('fast', 10)]);
  console.log('all', results.join(','));
})();
