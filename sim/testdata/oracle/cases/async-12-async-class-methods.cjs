// An async method of a class, with this bound as usual.
class Repo {
  constructor() { this.rows = ['a', 'b']; }
  async count() { await new Promise((r) => setTimeout(r, 10)); return this.rows.length; }
  static async create() { const r = new Repo(); await null; return r; }
}
Repo.create().then(async (repo) => {
  console.log('created', repo instanceof Repo);
  console.log('count', await repo.count());
});
