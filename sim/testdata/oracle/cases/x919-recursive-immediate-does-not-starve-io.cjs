// Recursive setImmediate does not starve I/O either: each hop is one loop
// iteration with its own poll phase, so an fs.stat issued at the start is
// delivered long before 30 hops are done.
const fs = require('fs');
let hops = 0;
let statHop = -1;
fs.stat(__filename, () => {
  statHop = hops;
  console.log('stat delivered while immediates are still recursing: ' + (hops < 30));
});
function hop() {
  busy(2);
  if (++hops < 30) setImmediate(hop);
  else console.log('30 hops done, stat delivered before: ' + (statHop >= 0));
}
setImmediate(hop);
