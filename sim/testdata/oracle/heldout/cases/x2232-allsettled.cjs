Promise.allSettled([
  Promise.resolve(1),
  Promise.reject(new Error('no')),
  new Promise((r) => setTimeout(() => r(3), 10)),
]).then((rs) => console.log(rs.map((r) => r.status).join(' ')));
console.log('waiting');
