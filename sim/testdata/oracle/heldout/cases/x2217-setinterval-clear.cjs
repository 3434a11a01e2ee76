let n = 0;
const id = setInterval(() => {
  n++;
  console.log('tick', n);
  if (n === 3) {
    clearInterval(id);
    Promise.resolve().then(() => console.log('cleared'));
  }
}, 10);
