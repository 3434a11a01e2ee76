// Unbounded recursion ends in a RangeError that can be caught.
function down(n) { return down(n + 1) + 1; }
try {
  down(0);
} catch (e) {
  console.log(e.name + ': ' + e.message);
}
