const inputs = [
  '', ' ', '{', '[', '"abc', '{bad}', "{'a':1}", '{"a":1', '{"a":1}x', '{"a" 1}', '{"a":}', '{"a":1,}',
  '[1,]', '[1 2]', '[1,2', 'tru', 'trux', 'nul', 'undefined', 'NaN', 'Infinity', '[object Object]',
  'hello', 'hello world, this is long text', '{"key": "value", "other": bad, "more": 1}',
  '{"a": 1} trailing garbage here', '-', '-a', '1.', '1.e5', '1e', '1e+', '01', '"a\\qb"', '"\\u12G4"',
  '"line\nbreak"', '{\n  "a": 1,\n  "b": oops\n}', '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, x]', '{"a":1}}', '"\u00e9" x',
  '{"a":1 "b":2}', '[,1]', '{,}', '{"a"', '{"a":', '123abc', '"unterminated \\', 'True',
];
for (const s of inputs) {
  try { JSON.parse(s); console.log(JSON.stringify(s), '=> ok') }
  catch (e) { console.log(JSON.stringify(s), '=>', e.name + ': ' + e.message) }
}
try { JSON.parse(undefined) } catch (e) { console.log('undefined =>', e.message) }
try { JSON.parse({}) } catch (e) { console.log('{} =>', e.message) }
