// Three timers with delays far apart fire in delay order, not in call order.
setTimeout(() => console.log('slow (60 ms)'), 60);
setTimeout(() => console.log('fast (0 ms)'), 0);
setTimeout(() => console.log('medium (30 ms)'), 30);
console.log('scheduled three timers');
