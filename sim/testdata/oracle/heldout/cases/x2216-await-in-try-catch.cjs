async function f() {
  try {
    await Promise.reject(new Error('bad'));
  } catch (e) {
    console.log('caught', e.message);
  }
  console.log('after try');
}
f().then(() => console.log('done'));
Promise.resolve().then(() => console.log('a')).then(() => console.log('b'));
