// An unref'd immediate still runs when something else keeps the loop alive for one turn.
const im = setImmediate(() => console.log('unref immediate ran'));
im.unref();
setTimeout(() => console.log('timer 5'), 5);
