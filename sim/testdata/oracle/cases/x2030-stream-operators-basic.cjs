// Readable's operators (Node 17.4+): map, filter, flatMap, drop and take give streams;
// toArray, reduce, some, every, find and forEach give promises. Node 10 has none of them.
const { Readable } = require('stream');
if (typeof Readable.prototype.map !== 'function') {
  console.log('no stream operators', typeof Readable.prototype.toArray);
} else {
  (async () => {
    console.log(await Readable.from([1, 2, 3]).map((x) => x * 2).toArray());
    console.log(await Readable.from([1, 2, 3, 4, 5, 6]).filter((x) => x % 2 === 0).map((x) => `#${x}`).toArray());
    console.log(await Readable.from([1, 2, 3, 4]).reduce((sum, x) => sum + x, 0));
    console.log(await Readable.from(['a', 'b', 'c']).reduce((acc, x) => acc + x));
    console.log(await Readable.from([1, 2, 3, 4, 5]).drop(1).take(2).toArray());
    console.log(await Readable.from([1, 2, 3]).some((x) => x > 2), await Readable.from([1, 2, 3]).every((x) => x > 2));
    console.log(await Readable.from([5, 7, 9]).find((x) => x > 6), await Readable.from([5]).find((x) => x > 6));
    await Readable.from(['x', 'y']).forEach((v) => console.log('each', v));
    console.log(await Readable.from([1, 2]).flatMap((x) => [x, x * 10]).toArray());
    console.log(await Readable.from([1, 2, 3]).map(async (x) => x + 0.5).toArray());
    const mapped = Readable.from([1]).map((x) => x);
    console.log(mapped instanceof Readable, mapped.readableObjectMode);
    const lines = Readable.from(['alpha\nbeta', '\ngamma']);
    let text = '';
    for await (const chunk of lines.map((s) => s.toUpperCase())) text += chunk;
    console.log(JSON.stringify(text));
    console.log(Readable.prototype.map.length, Readable.prototype.reduce.length, Readable.prototype.toArray.name);
  })();
}
