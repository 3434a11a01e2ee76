function loop(n) { return loop(n + 1) + 1 }
loop(0);
