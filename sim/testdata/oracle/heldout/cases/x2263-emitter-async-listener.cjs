const EventEmitter = require('events');
const bus = new EventEmitter();
bus.on('job', async (n) => {
  console.log('start job', n);
  await null;
  console.log('end job', n);
});
bus.emit('job', 1);
bus.emit('job', 2);
console.log('emitted both');
