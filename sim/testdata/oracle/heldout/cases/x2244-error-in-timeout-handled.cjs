process.on('uncaughtException', (e) => console.log('uncaught', e.message));
setTimeout(() => {
  throw new Error('timer error');
}, 0);
setTimeout(() => console.log('next timer'), 0);
