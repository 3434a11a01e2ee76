// BroadcastChannel: every other channel of the name receives the message, not the sender.
const { BroadcastChannel } = require('worker_threads');
const a = new BroadcastChannel('news');
const b = new BroadcastChannel('news');
const c = new BroadcastChannel('other');
a.onmessage = (e) => console.log('a got', e.data);
b.onmessage = (e) => { console.log('b got', e.data); a.close(); b.close(); c.close(); };
c.onmessage = () => console.log('c never');
a.postMessage('hello');
console.log(a.name, String(a));
