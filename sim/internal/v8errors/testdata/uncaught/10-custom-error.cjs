class NotFound extends Error {
  constructor(what) { super(`${what} not found`); this.name = 'NotFound'; this.status = 404 }
}
throw new NotFound('user');
