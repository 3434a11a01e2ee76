// Promise.any: the first FULFILMENT wins (earlier rejections are ignored);
// if all reject, it rejects with an AggregateError whose errors are in INPUT
// order.
const later = (ms, ok, tag) => new Promise((resolve, reject) => setTimeout(() => {
  if (ok) resolve(tag); else reject(new Error(tag));
}, ms));
Promise.any([later(20, true, 'slow ok'), later(5, false, 'fast fail'), later(10, true, 'mid ok')])
  .then((v) => console.log('any -> ' + v));
Promise.any([later(30, false, 'e1'), later(15, false, 'e2'), Promise.reject(new Error('e3'))])
  .catch((e) => {
    console.log(e.constructor.name + ': ' + e.message);
    console.log('errors: ' + e.errors.map((x) => x.message).join(','));
  });
