// JSON.parse error messages.
for (const text of ['{bad', '', '[1,]', '{"a":1}x']) {
  try {
    JSON.parse(text);
  } catch (e) {
    console.log(e.name + ': ' + e.message);
  }
}
