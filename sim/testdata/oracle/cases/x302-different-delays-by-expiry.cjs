// Timers with different durations fire in order of start + delay, not in
// the order they were created (one list per duration, lists ordered by
// expiry).
setTimeout(() => console.log('timeout 40'), 40);
setTimeout(() => console.log('timeout 10'), 10);
setTimeout(() => console.log('timeout 30'), 30);
setTimeout(() => console.log('timeout 20'), 20);
