// Error cause chains an underlying error.
function parse(text) {
  try { return JSON.parse(text); } catch (err) { throw new Error('config is invalid', { cause: err }); }
}
try {
  parse('{bad');
} catch (e) {
  console.log(e.message);
  console.log(e.cause instanceof SyntaxError, e.cause.name);
}
