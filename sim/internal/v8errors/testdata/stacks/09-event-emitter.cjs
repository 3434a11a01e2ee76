const EventEmitter = require('events');
const em = new EventEmitter();
em.on('go', function onGo() { console.log(new Error('listener').stack) });
em.on('go', () => { console.log(new Error('arrow listener').stack) });
em.emit('go');
