// Async generators chained as a pipeline: numbers, squared, filtered.
async function* numbers() { for (let i = 1; i <= 6; i++) yield i; }
async function* square(src) { for await (const n of src) yield n * n; }
async function* evens(src) { for await (const n of src) if (n % 2 === 0) yield n; }
(async () => {
  const out = [];
  for await (const n of evens(square(numbers()))) out.push(n);
  console.log(out);
})();
