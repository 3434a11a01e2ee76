const obj = { a: 1 b: 2 };
