async function getValue() {
  return 42;
}
getValue().then((v) => console.log('value', v));
Promise.resolve().then(() => console.log('a')).then(() => console.log('b'));
console.log('sync');
