const a = new Promise((r) => setTimeout(() => r('a'), 20));
const b = Promise.resolve('b');
Promise.all([a, b]).then((vals) => console.log('all', vals.join(',')));
b.then((v) => console.log('b first', v));
