// With captureRejections, Symbol.for('nodejs.rejection') takes the rejection instead of 'error'.
const { EventEmitter, captureRejectionSymbol } = require('events');
class Job extends EventEmitter {
  constructor() { super({ captureRejections: true }); }
  [captureRejectionSymbol](err, event, ...args) { console.log('captured', err.message, event, args); }
}
const j = new Job();
j.on('run', async (a, b) => { throw new Error('failed ' + (a + b)); });
j.emit('run', 1, 2);
console.log(captureRejectionSymbol === Symbol.for('nodejs.rejection'));
