// Object.defineProperty, freeze and a non-writable property in sloppy and strict code.
const o = {};
Object.defineProperty(o, 'fixed', { value: 1, writable: false, enumerable: false });
o.fixed = 2;
console.log(o.fixed, Object.keys(o), JSON.stringify(o));
const frozen = Object.freeze({ a: 1 });
(function () { 'use strict'; try { frozen.a = 2; } catch (e) { console.log(e.name + ': ' + e.message); } })();
