// ES module top level: an fs.stat issued by the body is delivered AFTER a
// top-level setImmediate, the opposite of CJS (407/408). The body itself runs
// in a poll phase, so the check phase of that same iteration comes first and
// the stat can only be delivered by a later poll (busy(20) makes sure the
// pool finished the stat long before the check phase).
// @runs: 100
import fs from 'node:fs';
fs.stat(new URL(import.meta.url), () => console.log('stat callback'));
setImmediate(() => console.log('setImmediate'));
busy(20);
