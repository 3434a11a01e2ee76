function f() { throw 'a string' }
f();
