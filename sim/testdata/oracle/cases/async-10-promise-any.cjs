// Promise.any resolves with the first fulfilment; when all reject it rejects with an AggregateError.
const rej = (ms, m) => new Promise((_, r) => setTimeout(() => r(new Error(m)), ms));
const res = (ms, v) => new Promise((r) => setTimeout(() => r(v), ms));
Promise.any([rej(10, 'x'), res(30, 'second'), res(50, 'third')]).then((v) => console.log('any:', v));
Promise.any([rej(10, 'e1'), rej(20, 'e2')]).catch((e) => console.log(e.constructor.name, e.errors.map((x) => x.message).join(',')));
