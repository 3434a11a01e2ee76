const wait = (ms, v) => new Promise((r) => setTimeout(() => r(v), ms));
Promise.race([wait(50, 'slow'), wait(10, 'fast')]).then((v) => console.log('winner', v));
wait(30, 'middle').then((v) => console.log(v));
