const api = { get() { return 1 } };
api.fetch('/users');
