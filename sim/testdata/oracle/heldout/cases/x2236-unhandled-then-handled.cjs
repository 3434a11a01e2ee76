const p = Promise.reject(new Error('late'));
setTimeout(() => {
  p.catch((e) => console.log('handled', e.message));
}, 0);
process.on('unhandledRejection', (e) => console.log('unhandled', e.message));
