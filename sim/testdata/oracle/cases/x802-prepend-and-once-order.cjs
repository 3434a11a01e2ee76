// Listener order: prependListener / prependOnceListener go to the front,
// once() listeners run once and are removed before being called; all of it
// synchronously inside emit().
const { EventEmitter } = require('events');
const ee = new EventEmitter();
ee.on('ev', () => console.log('on A'));
ee.once('ev', () => console.log('once B'));
ee.prependListener('ev', () => console.log('prepended C'));
ee.prependOnceListener('ev', () => console.log('prepended once D'));
ee.on('ev', () => console.log('on E'));
console.log('listenerCount before: ' + ee.listenerCount('ev'));
ee.emit('ev');
console.log('listenerCount after first emit: ' + ee.listenerCount('ev'));
ee.emit('ev');
