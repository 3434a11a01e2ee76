// An app: a job queue with a concurrency of two, retries with backoff, and a summary.
const { EventEmitter } = require('events');
const { setTimeout: sleep } = require('timers/promises');
class Queue extends EventEmitter {
  constructor(concurrency) { super(); this.concurrency = concurrency; this.running = 0; this.jobs = []; }
  push(name, fn, retries = 1) { this.jobs.push({ name, fn, retries, attempt: 0 }); this.next(); }
  next() {
    while (this.running < this.concurrency && this.jobs.length) {
      const job = this.jobs.shift();
      this.running++;
      job.attempt++;
      job.fn(job.attempt).then((v) => this.emit('done', job.name, v), (err) => {
        if (job.attempt <= job.retries) { this.emit('retry', job.name, err.message); setTimeout(() => { this.jobs.push(job); this.next(); }, 10 * job.attempt); }
        else this.emit('failed', job.name, err.message);
      }).finally(() => { this.running--; this.next(); if (!this.running && !this.jobs.length) this.emit('drain'); });
    }
  }
}
const q = new Queue(2);
const results = [];
q.on('done', (n, v) => results.push(`${n}=${v}`));
q.on('retry', (n, m) => console.log('retry', n, m));
q.on('failed', (n, m) => console.log('failed', n, m));
q.once('drain', () => console.log('drained', results.join(' ')));
q.push('a', async () => { await sleep(400); return 1; });
q.push('b', async (attempt) => { await sleep(5); if (attempt < 2) throw new Error('flaky'); return 2; });
q.push('c', async () => { throw new Error('broken'); }, 0);
q.push('d', async () => 4);
