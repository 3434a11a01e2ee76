return 5;
function f() {}
class A { constructor() { super(); } }
