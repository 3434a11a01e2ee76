// A counter with setInterval that stops itself after three ticks.
let count = 0;
const id = setInterval(() => {
  count++;
  console.log('tick', count);
  if (count === 3) {
    clearInterval(id);
    console.log('stopped');
  }
}, 20);
