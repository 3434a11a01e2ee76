async function run() {
  for (let i = 0; i < 3; i++) {
    await null;
    console.log('loop', i);
  }
}
run();
Promise.resolve().then(() => console.log('other 1')).then(() => console.log('other 2'));
