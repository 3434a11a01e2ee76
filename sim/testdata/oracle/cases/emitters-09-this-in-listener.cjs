// A function listener sees the emitter as this; an arrow function does not.
const { EventEmitter } = require('events');
const e = new EventEmitter();
e.name = 'emitter';
e.on('x', function () { console.log('function this', this.name); });
e.on('x', () => console.log('arrow this is emitter?', this === e));
e.emit('x');
