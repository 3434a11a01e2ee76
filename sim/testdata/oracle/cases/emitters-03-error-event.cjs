// An 'error' event with a listener is handled; without one it throws.
const { EventEmitter } = require('events');
const e = new EventEmitter();
e.on('error', (err) => console.log('handled:', err.message));
e.emit('error', new Error('first'));
const bare = new EventEmitter();
try {
  bare.emit('error', new Error('second'));
} catch (err) {
  console.log('thrown:', err.message);
}
