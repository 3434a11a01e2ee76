const { EventEmitter, once } = require('events');
const ee = new EventEmitter();
once(ee, 'ready').then(([v]) => console.log('ready with', v));
setTimeout(() => {
  console.log('emitting');
  ee.emit('ready', 7);
  console.log('emitted');
}, 10);
