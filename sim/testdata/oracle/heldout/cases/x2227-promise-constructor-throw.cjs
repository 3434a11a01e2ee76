new Promise(() => {
  throw new Error('in executor');
}).catch((e) => console.log('caught', e.message));
Promise.resolve().then(() => console.log('resolved'));
