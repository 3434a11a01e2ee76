// The paginated-API pattern: an async generator fetches pages lazily.
const pages = { 1: ['a', 'b'], 2: ['c'], 3: [] };
const fetchPage = (n) => new Promise((r) => setTimeout(() => r(pages[n]), 5));
async function* allItems() {
  for (let page = 1; ; page++) {
    const items = await fetchPage(page);
    console.log('fetched page', page, items.length);
    if (items.length === 0) return;
    yield* items;
  }
}
(async () => {
  const out = [];
  for await (const item of allItems()) out.push(item);
  console.log(out.join(','));
})();
