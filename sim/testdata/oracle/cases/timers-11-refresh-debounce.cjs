// A debounce built on timeout.refresh(): three calls 10 ms apart fire once, 40 ms after the last.
let fired = 0;
const t = setTimeout(() => { fired++; console.log('debounced fire', fired); }, 40);
let calls = 0;
const again = setInterval(() => {
  calls++;
  t.refresh();
  console.log('call', calls);
  if (calls === 3) clearInterval(again);
}, 10);
