// continue outer from a nested for await closes the inner generator each time.
async function* inner(tag) {
  try {
    yield tag + '.1';
    yield tag + '.2';
  } finally {
    console.log('close inner', tag);
  }
}
(async () => {
  outer: for await (const tag of ['A', 'B']) {
    for await (const v of inner(tag)) {
      console.log(v);
      if (v.endsWith('.1')) continue outer;
    }
    console.log('never printed');
  }
  console.log('done');
})();
