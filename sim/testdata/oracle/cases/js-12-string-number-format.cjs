// Number and string formatting.
console.log((1234.5678).toFixed(2), (0.1 + 0.2).toFixed(10), 0.1 + 0.2);
console.log('abc'.padStart(6, '-'), 'x'.repeat(3), 'a-b-c'.split('-'), ' t '.trim());
console.log(parseInt('08'), parseInt('0x1f'), Number('12px'), +'  42  ');
console.log((255).toString(16), (255).toString(2), Number.MAX_SAFE_INTEGER);
