async function thrower() {
  await null;
  throw new Error('async fail');
}
async function main() {
  try {
    await thrower();
  } catch (e) {
    console.log('main caught', e.message);
  }
}
main();
Promise.resolve().then(() => console.log('t1')).then(() => console.log('t2')).then(() => console.log('t3'));
