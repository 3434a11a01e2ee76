// assert.throws/doesNotThrow/rejects/doesNotReject: matching by class, RegExp,
// validation function and object of properties; the messages of each failure;
// rejects settles after the promise does.
const assert = require('assert');
const show = (label, fn) => {
  try { fn(); console.log(label, 'passed'); } catch (e) { console.log(label, JSON.stringify(e.message.trimEnd()), e.operator); }
};
const boom = () => { throw new TypeError('boom'); };
show('throws', () => assert.throws(boom));
show('throws class', () => assert.throws(boom, TypeError));
show('throws regexp', () => assert.throws(boom, /boom/));
show('throws object', () => assert.throws(boom, { name: 'TypeError', message: 'boom' }));
show('throws fn', () => assert.throws(boom, (e) => e.message === 'boom'));
show('throws missing', () => assert.throws(() => {}));
show('throws missing class', () => assert.throws(() => {}, TypeError));
show('throws wrong regexp', () => assert.throws(boom, /nope/));
show('throws wrong class', () => assert.throws(boom, RangeError));
show('throws wrong object', () => assert.throws(boom, { message: 'other' }));
show('doesNotThrow', () => assert.doesNotThrow(() => 1));
show('doesNotThrow fails', () => assert.doesNotThrow(boom));
show('doesNotThrow message', () => assert.doesNotThrow(boom, 'because'));
(async () => {
  await assert.rejects(Promise.reject(new Error('z')), /z/);
  console.log('rejects ok');
  await assert.rejects(async () => { throw new RangeError('r'); }, RangeError);
  console.log('rejects fn ok');
  await assert.rejects(Promise.resolve(1)).catch((e) => console.log('rejects missing', JSON.stringify(e.message), e.operator));
  await assert.doesNotReject(Promise.resolve(2));
  console.log('doesNotReject ok');
  await assert.doesNotReject(Promise.reject(new Error('no'))).catch((e) => console.log('doesNotReject', JSON.stringify(e.message)));
})();
console.log('sync end');
