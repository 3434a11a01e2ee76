// ES modules are strict: this is undefined and assigning an undeclared name throws.
console.log(this);
try {
  undeclared = 1;
} catch (e) {
  console.log(e.name, e.message);
}
