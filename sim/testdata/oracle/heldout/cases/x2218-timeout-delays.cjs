setTimeout(() => console.log('100'), 100);
setTimeout(() => console.log('0'), 0);
setTimeout(() => console.log('50'), 50);
setTimeout(() => console.log('10'), 10);
