const obj = {
  meth() { return new Error('meth') },
  prop: function () { return new Error('prop') },
  arrow: () => new Error('arrow'),
};
console.log(obj.meth().stack);
console.log(obj.prop().stack);
console.log(obj.arrow().stack);
function Legacy() { this.e = new Error('legacy') }
Legacy.prototype.run = function () { return new Error('proto') };
console.log(new Legacy().e.stack);
console.log(new Legacy().run().stack);
