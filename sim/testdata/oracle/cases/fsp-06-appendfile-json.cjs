// A tiny JSON store: read, modify, write with fs/promises.
const fs = require('fs/promises');
const file = 'fsp-06.json';
async function add(item) {
  let list = [];
  try { list = JSON.parse(await fs.readFile(file, 'utf8')); } catch (e) { console.log('new store:', e.code); }
  list.push(item);
  await fs.writeFile(file, JSON.stringify(list));
  return list.length;
}
(async () => {
  console.log(await add('a'));
  console.log(await add('b'));
  console.log(await fs.readFile(file, 'utf8'));
  await fs.unlink(file);
})();
