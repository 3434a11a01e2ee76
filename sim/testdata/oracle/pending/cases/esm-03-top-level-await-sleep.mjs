// Top-level await with timers/promises: the module waits; a timer set before fires during the wait.
import { setTimeout as sleep } from 'node:timers/promises';
setTimeout(() => console.log('timer 10'), 10);
console.log('before await');
await sleep(30);
console.log('after await');
