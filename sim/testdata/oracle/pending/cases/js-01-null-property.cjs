// V8's message for reading a property of null and of undefined.
for (const v of [null, undefined]) {
  try {
    v.name;
  } catch (e) {
    console.log(e.constructor.name + ': ' + e.message);
  }
}
