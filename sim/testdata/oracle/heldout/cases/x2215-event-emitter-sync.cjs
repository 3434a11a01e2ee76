const EventEmitter = require('events');
const e = new EventEmitter();
e.on('ping', () => {
  console.log('listener 1');
  process.nextTick(() => console.log('tick in listener'));
});
e.on('ping', () => console.log('listener 2'));
console.log('before emit');
e.emit('ping');
console.log('after emit');
