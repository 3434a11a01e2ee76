setTimeout(() => console.log('1ms'), 1);
setTimeout(() => console.log('0ms'), 0);
setTimeout(() => console.log('2ms'), 2);
busy(5);
