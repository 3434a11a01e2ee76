// An 'unhandledRejection' listener receives the reason and the process survives.
process.on('unhandledRejection', (reason, p) => console.log('unhandled:', reason.message, p instanceof Promise));
Promise.reject(new Error('lost'));
setTimeout(() => console.log('still alive'), 10);
