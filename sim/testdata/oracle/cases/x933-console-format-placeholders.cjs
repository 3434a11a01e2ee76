// util.format placeholders through console.log: %s %d %i %f %j %o %O %%,
// missing arguments, extra arguments appended with spaces, and a first
// argument that is not a string (no format processing).
console.log('%s is %d years', 'Bob', 42);
console.log('%i and %f', 42.9, '3.25');
console.log('%d of a string: %d', 'abc', '12');
console.log('json: %j', { a: [1, 2], b: 'x' });
console.log('%o', { a: 1 });
console.log('%O', { a: { b: { c: { d: 1 } } } });
console.log('100%% sure, %s', 'yes');
console.log('missing: %s %d', 'only one');
console.log('extra:', 'a', 1, { b: 2 });
console.log('%s', { obj: true }, 'tail');
console.log('%s %s', null, undefined);
console.log('%s', -0, '%d', -0);
console.log(5, '%s', 'not formatted');
console.log('%c styled %s', 'color: red', 'text');
