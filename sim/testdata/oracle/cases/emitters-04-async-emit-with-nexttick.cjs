// Emitting from the constructor is lost; deferring it with process.nextTick lets listeners attach first.
const { EventEmitter } = require('events');
class Early extends EventEmitter { constructor() { super(); this.emit('start'); } }
class Deferred extends EventEmitter { constructor() { super(); process.nextTick(() => this.emit('start')); } }
new Early().on('start', () => console.log('early start (never)'));
new Deferred().on('start', () => console.log('deferred start'));
console.log('sync end');
