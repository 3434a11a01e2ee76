async function main() {
  await null;
  throw new RangeError('bad range');
}
main();
