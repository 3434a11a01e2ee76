// A custom Error subclass keeps its name, message, code and instanceof.
class NotFound extends Error {
  constructor(what) {
    super(what + ' not found');
    this.name = 'NotFound';
    this.code = 'E_NOT_FOUND';
  }
}
try {
  throw new NotFound('user 7');
} catch (e) {
  console.log(e instanceof NotFound, e instanceof Error, e.name, e.message, e.code);
  console.log(String(e));
}
