// this in methods, detached methods (strict CommonJS is sloppy by default) and arrow functions.
'use strict';
const counter = {
  n: 1,
  get() { return this && this.n; },
  arrow: () => typeof this,
};
const detached = counter.get;
console.log(counter.get(), detached(), counter.arrow());
console.log(counter.get.call({ n: 9 }), counter.get.bind({ n: 7 })());
