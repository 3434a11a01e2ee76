setTimeout(() => console.log('timeout'), 0);
let i = 0;
function loop() {
  if (i++ < 5) {
    console.log('micro', i);
    Promise.resolve().then(loop);
  }
}
Promise.resolve().then(loop);
