// The console members a program calls without a terminal or an inspector attached:
// clear, profile, profileEnd and timeStamp do nothing, context() gives a console whose
// output goes to an inspector only, createTask (Node 20+) runs a function in a task.
console.log('before clear');
console.clear();
console.profile('startup');
console.profileEnd('startup');
console.timeStamp('mark');
console.log(console.clear(), console.profile(), console.profileEnd(), console.timeStamp('x'));
const ctx = console.context('worker');
console.log(typeof ctx, typeof ctx.log, typeof ctx.error, typeof ctx.count, ctx.log('inspector only'));
ctx.error('also inspector only');
if (typeof console.createTask === 'function') {
  const task = console.createTask('load');
  console.log(Object.keys(task), typeof task.run, task.run.name);
  console.log(task.run(() => 6 * 7), task.run((...args) => args.length));
  for (const bad of ['', 1, undefined]) {
    try { console.createTask(bad); } catch (e) { console.log(e.name, e.message); }
  }
  try { task.run('not a function'); } catch (e) { console.log(e.name, e.message); }
} else {
  console.log('no createTask', typeof console.createTask);
}
console.log(console._stdout === process.stdout, console._stderr === process.stderr);
console.log(require('console') === console, typeof require('console').Console);
console.log('after');
