// crypto.argon2 and argon2Sync check their arguments as Node does, in Node's order: the
// algorithm (a string, one of three), the parameters object, message and nonce (bytes or
// a string; a nonce of at least 8 bytes), parallelism, tagLength, memory (at least 8 x
// parallelism), passes; then the callback.
const crypto = require('crypto');
if (typeof crypto.argon2Sync !== 'function') { console.log('no argon2 in', process.version.split('.')[0]); return; }
const base = { message: 'password', nonce: 'saltsalt', parallelism: 1, tagLength: 16, memory: 64, passes: 2 };
const t = (label, alg, p) => {
  try { console.log(label, crypto.argon2Sync(alg, p).toString('hex')); } catch (e) { console.log(label, e.name, e.code, e.message); }
};
t('algorithm number', 5, base);
t('algorithm unknown', 'argon3', base);
t('parameters null', 'argon2id', null);
t('parameters string', 'argon2id', 'x');
t('no message', 'argon2id', { ...base, message: undefined });
t('message number', 'argon2id', { ...base, message: 5 });
t('short nonce', 'argon2id', { ...base, nonce: 'abc' });
t('parallelism 0', 'argon2id', { ...base, parallelism: 0 });
t('parallelism string', 'argon2id', { ...base, parallelism: '1' });
t('parallelism 1.5', 'argon2id', { ...base, parallelism: 1.5 });
t('tagLength 3', 'argon2id', { ...base, tagLength: 3 });
t('memory 7', 'argon2id', { ...base, memory: 7 });
t('memory 15 for 2 lanes', 'argon2id', { ...base, memory: 15, parallelism: 2 });
t('passes 0', 'argon2id', { ...base, passes: 0 });
t('passes 1.5', 'argon2id', { ...base, passes: 1.5 });
t('passes 2**32', 'argon2id', { ...base, passes: 2 ** 32 });
t('passes missing', 'argon2id', { ...base, passes: undefined });
t('tagLength 2**40', 'argon2id', { ...base, tagLength: 2 ** 40 });
try { crypto.argon2('argon2id', base, 'not a function'); } catch (e) { console.log('callback', e.code, e.message); }
try { crypto.argon2('argon2x', base); } catch (e) { console.log('algorithm before callback', e.code); }
