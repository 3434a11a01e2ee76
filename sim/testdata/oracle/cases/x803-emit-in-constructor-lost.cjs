// An event emitted synchronously in a constructor is lost (no listener yet);
// deferring the emit with process.nextTick lets the caller attach listeners
// first.
const { EventEmitter } = require('events');
class Eager extends EventEmitter {
  constructor() {
    super();
    this.emit('ready', 'eager');
  }
}
class Deferred extends EventEmitter {
  constructor() {
    super();
    process.nextTick(() => this.emit('ready', 'deferred'));
  }
}
new Eager().on('ready', (who) => console.log('ready from ' + who + ' (never)'));
new Deferred().on('ready', (who) => console.log('ready from ' + who));
console.log('both constructed');
