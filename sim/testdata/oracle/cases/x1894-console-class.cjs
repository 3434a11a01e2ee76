// new Console(stdout[, stderr]) and new Console({ stdout, stderr, groupIndentation }):
// a console writing its lines to the streams given, one write each, indented by its own
// groups; the stream errors of a bad argument.
const { Console } = require('console');
const { Writable } = require('stream');
const collect = (into) => new Writable({ write(chunk, enc, cb) { into.push(String(chunk)); cb(); } });
const out = [];
const err = [];
const logger = new Console(collect(out), collect(err));
logger.log('hello %s', 'world', 42);
logger.error('failed:', { code: 7 });
logger.warn('careful');
logger.info('info'); logger.debug('debug');
logger.group('Group');
logger.log('inside\nsecond line');
logger.groupEnd();
logger.log('outside');
logger.count(); logger.count(); logger.count('jobs'); logger.countReset(); logger.count();
logger.assert(1 === 2, 'math is %s', 'broken');
logger.assert(true, 'never printed');
logger.dir({ a: { b: { c: { d: 1 } } } }, { depth: 1 });
logger.table([{ id: 1, name: 'x' }, { id: 2, name: 'y' }]);
console.log(JSON.stringify(out));
console.log(JSON.stringify(err));
const { log } = logger;
log('detached log still works');
console.log(JSON.stringify(out[out.length - 1]));
const single = [];
const one = new Console({ stdout: collect(single) });
one.error('errors go to stdout when no stderr');
const four = new Console({ stdout: collect(single), groupIndentation: 4 });
four.group(); four.log('four spaces'); four.groupEnd(); four.log('back');
console.log(JSON.stringify(single));
console.log(Console(collect([])) instanceof Console, console instanceof Console, typeof logger.Console);
for (const args of [[], [{}], [collect([]), {}], [{ stdout: collect([]), groupIndentation: 1001 }]]) {
  try { new Console(...args); console.log('made'); } catch (e) { console.log(e.name, e.code, e.message); }
}
const direct = new Console(process.stdout, process.stderr);
direct.log('to process.stdout');
direct.error('to process.stderr');
