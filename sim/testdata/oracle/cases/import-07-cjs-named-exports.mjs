// Named imports from a CommonJS built-in (events) and the namespace object.
import * as events from 'node:events';
console.log(typeof events.EventEmitter, typeof events.default, events.default === events.EventEmitter);
